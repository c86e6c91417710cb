import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { declaresFace, faceRegistrars, layerBreaches, worstRoomReentries, type ImportGraph } from '../support/importGraphMeasures.ts';
import { LAYERS, parseLayerTable, readLayerTable } from '../support/layerTable.ts';

// The measures bench/importGraph.bench.ts prints for issue 34's goals, on small graphs
// whose answers are known.

const graph = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

test('a path that leaves a room and comes back enters it again; staying in it does not', () => {
  const worst = worstRoomReentries(
    graph({
      'cli/start.ts': ['run/plan.ts', 'harness/alone.ts'],
      'run/plan.ts': ['harness/a.ts'],
      'harness/a.ts': ['harness/b.ts'],
      'harness/b.ts': ['harness/sub/c.ts'],
      'harness/sub/c.ts': ['harness/d.ts'],
    }),
    'cli/start.ts',
  );
  expect(worst).toEqual({
    entries: 2,
    room: 'harness',
    path: ['cli/start.ts', 'run/plan.ts', 'harness/a.ts', 'harness/b.ts', 'harness/sub/c.ts', 'harness/d.ts'],
  });
});

test('a circle is walked once round, not for ever', () => {
  const worst = worstRoomReentries(
    graph({ 'a/x.ts': ['b/y.ts'], 'b/y.ts': ['a/z.ts'], 'a/z.ts': ['b/w.ts'], 'b/w.ts': ['a/x.ts', 'a/v.ts'] }),
    'a/x.ts',
  );
  expect(worst).toEqual({ entries: 3, room: 'a', path: ['a/x.ts', 'b/y.ts', 'a/z.ts', 'b/w.ts', 'a/v.ts'] });
});

test('an import the layer table does not allow is a breach, one inside the folder or below it is not', () => {
  const layers = [
    ['spec', []],
    ['harness', ['spec']],
    ['emulator', ['spec']],
  ] as const;
  const breaches = layerBreaches(
    graph({ 'harness/a.ts': ['harness/b.ts', 'spec/facts.ts'], 'spec/facts.ts': ['harness/a.ts'], 'emulator/e.ts': ['harness/a.ts'] }),
    layers,
  );
  expect(breaches).toEqual(['spec/facts.ts → harness/a.ts', 'emulator/e.ts → harness/a.ts']);
});

test('the layer table read from its text (as the bench reads an older checkout) is the one the tests use', () => {
  expect(readLayerTable(PROJECT_ROOT)).toEqual(LAYERS);
  expect(() => parseLayerTable('const OTHER = [];')).toThrow(/LAYERS/);
});

test('a sub-folder layer may not import the layer above it; a folder allowed `harness` may import each of its layers', () => {
  const layers = [
    ['spec', []],
    ['harness/low', ['spec']],
    ['harness/high', ['spec', 'harness/low']],
    ['suites', ['spec', 'harness']],
  ] as const;
  const breaches = layerBreaches(
    graph({
      'harness/low/a.ts': ['harness/high/b.ts'],
      'harness/high/b.ts': ['harness/low/a.ts'],
      'suites/s.ts': ['harness/high/b.ts', 'harness/low/a.ts'],
    }),
    layers,
  );
  expect(breaches).toEqual(['harness/low/a.ts → harness/high/b.ts']);
});

test('a start that is not in the graph is an error, not a walk of one file', () => {
  expect(() => worstRoomReentries(graph({ 'a/x.ts': [] }), 'cli/gone.ts')).toThrow(/cli\/gone.ts/);
});

test('a module that imports a face module registers faces; a face importing a face, or the type, does not', () => {
  expect(declaresFace("import type { Face } from './face.ts';\nexport const harFace: Face = {\n")).toBe(true);
  expect(declaresFace('export interface Face {\n')).toBe(false);
  const faces = new Set(['cli/faces/a.ts', 'cli/faces/b.ts']);
  const registrars = faceRegistrars(
    graph({
      'cli/faces/a.ts': ['cli/faces/face.ts', 'cli/faces/b.ts'],
      'cli/faces/b.ts': ['cli/faces/face.ts'],
      'cli/faces/list.ts': ['cli/faces/a.ts', 'cli/faces/b.ts', 'cli/faces/face.ts'],
      'cli/command.ts': ['cli/faces/list.ts', 'cli/faces/face.ts'],
    }),
    (file) => faces.has(file),
  );
  expect(registrars).toEqual(['cli/faces/list.ts']);
});
