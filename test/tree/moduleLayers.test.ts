import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { importCircles, relativeImports } from '../support/importGraph.ts';
import { expandAllowed, LAYERS, layerOf, layerTableMarkdown } from '../support/layerTable.ts';

// Each folder of test/support/layerTable.ts is one layer and imports only point down; run/ (the
// pipeline) never imports a reporter and nothing imports cli/ but bin/. The emulator's own
// folders have their layers in test/emulator/emulatorLayers.test.ts.

const CODE = /\.(ts|mts|mjs|js)$/;

// What git tracks, not what lies on disk: reports/, build/ and the like are output.
const tracked = (): string[] =>
  execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: PROJECT_ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((path) => path.includes('/') && !path.startsWith('.') && !path.split('/').includes('node_modules'))
    // A file moved but not yet committed is listed at both places.
    .filter((path) => existsSync(join(PROJECT_ROOT, path)));

const codeFiles = (): string[] => tracked().filter((path) => CODE.test(path));

/** Every relative import of the tree's code, with the layer it lands in ('' for the project root). */
function imports(): Array<{ file: string; target: string; layer: string }> {
  return codeFiles().flatMap((file) =>
    relativeImports(file, readFileSync(join(PROJECT_ROOT, file), 'utf8'))
      // An import written inside a test's sample text names no file: tsc holds the real ones.
      .filter((target) => existsSync(join(PROJECT_ROOT, target)))
      .map((target) => ({ file, target, layer: layerOf(target) ?? '' })),
  );
}

test('every tracked file lies in a layer of the table', () => {
  expect(tracked().filter((path) => layerOf(path) === undefined)).toEqual([]);
});

test('the layer table only lets a folder import folders below it', () => {
  const upward = LAYERS.flatMap(([folder, allowed], index) => {
    const below = new Set(LAYERS.slice(0, index).map(([name]) => name));
    return expandAllowed(allowed)
      .filter((name) => !below.has(name))
      .map((name) => `${folder} → ${name}`);
  });
  expect(upward).toEqual([]);
});

test.each(LAYERS.map(([folder, allowed]) => [folder, allowed] as const))(
  '%s/ imports only what the layer table allows',
  (folder, allowed) => {
    const permitted = new Set([folder, ...expandAllowed(allowed)]);
    const breaking = imports()
      .filter((entry) => layerOf(entry.file) === folder && !permitted.has(entry.layer))
      .map(({ file, target }) => `${file} → ${target}`);
    expect(breaking).toEqual([]);
  },
);

test('no module of the product reaches itself through its imports', () => {
  const product = codeFiles().filter((file) => !file.startsWith('test/') && !file.startsWith('bench/'));
  const graph = new Map(product.map((file) => [file, relativeImports(file, readFileSync(join(PROJECT_ROOT, file), 'utf8'))]));
  expect(importCircles(graph)).toEqual([]);
});

test('a suite area never imports another area: what areas share lives in suites/shared/', () => {
  const borrowed = imports()
    // Files directly in suites/ (the scenario index, the one conformance file) are no area.
    .filter(({ file }) => file.startsWith('suites/') && !file.startsWith('suites/shared/') && file.split('/').length > 2)
    .filter(
      ({ file, target }) =>
        target.startsWith('suites/') && !target.startsWith('suites/shared/') && target.split('/')[1] !== file.split('/')[1],
    )
    .map(({ file, target }) => `${file} → ${target}`);
  expect(borrowed).toEqual([]);
});

test('docs/architecture.md shows the layer table as it is', () => {
  expect(readFileSync(join(PROJECT_ROOT, 'docs/architecture.md'), 'utf8')).toContain(layerTableMarkdown());
});

test('the import reader sees every form of import (so an upward import cannot hide)', () => {
  const sample = `import a from './x.ts';\nimport { b,\n  c } from '../y.ts';\nexport * from '../z.ts';\nawait import('../w.ts');\nimport './side.ts';`;
  expect(relativeImports('a/b/file.ts', sample)).toEqual(['a/b/x.ts', 'a/y.ts', 'a/z.ts', 'a/w.ts', 'a/b/side.ts']);
});
