import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { importCircles, relativeImports } from '../support/importGraph.ts';

// The emulator's folders in layers, top to bottom (docs/emulator-design.md,
// "Emulator"): a file imports from its own folder or from a lower layer, never
// from a higher one or from another folder of its own layer. The composition
// (createEmulator, the command line, the profiles) wires everything; the
// lived-in store and the control endpoints fill the areas' stores; the areas'
// routes call their domain and stores; faults and tolerated variations are
// switches and edge hooks every area may ask; core/ is what all of them share.

const LAYERS: ReadonlyArray<readonly string[]> = [
  ['emulator', 'emulator/startup', 'emulator/profiles'],
  ['emulator/tools', 'emulator/ui', 'emulator/calibration'],
  ['emulator/realism/livedIn'],
  ['emulator/control'],
  ['emulator/persistence'],
  ['emulator/openapi'],
  ['emulator/sandbox'],
  ['emulator/positivePay'],
  ['emulator/events'],
  ['emulator/delivery'],
  ['emulator/webhooks'],
  ['emulator/realism'],
  ['emulator/faults'],
  ['emulator/core'],
];
/** The composition's folders import each other (the command line starts the emulator, which the profiles configure). */
const ONE_UNIT = new Set(LAYERS[0]);

const layerOf = (folder: string): number => LAYERS.findIndex((layer) => layer.includes(folder));

function emulatorImports(): Array<{ file: string; folder: string; target: string }> {
  const root = join(PROJECT_ROOT, 'emulator');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) => {
      const file = `emulator/${name}`;
      const folder = dirname(file);
      return [...readFileSync(join(root, name), 'utf8').matchAll(/from '(\.[^']+)'/g)]
        .map((match) => ({ file, folder, target: dirname(normalize(join(folder, match[1]!))) }))
        .filter(({ target }) => target === 'emulator' || target.startsWith('emulator/'));
    });
}

test('every emulator folder has a layer', () => {
  const folders = new Set(emulatorImports().flatMap(({ folder, target }) => [folder, target]));
  expect([...folders].filter((folder) => layerOf(folder) === -1)).toEqual([]);
});

test('emulator imports only point down: to the same folder or a lower layer', () => {
  const upward = emulatorImports()
    .filter(({ folder, target }) => folder !== target && !(ONE_UNIT.has(folder) && ONE_UNIT.has(target)))
    .filter(({ folder, target }) => layerOf(target) <= layerOf(folder))
    .map(({ file, target }) => `${file} imports from ${relative('emulator', target) || 'emulator/'}`);
  expect(upward).toEqual([]);
});

/** The emulator's modules and the emulator modules each imports. */
function emulatorGraph(): Map<string, string[]> {
  const root = join(PROJECT_ROOT, 'emulator');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => /\.(ts|mjs|js)$/.test(name));
  return new Map(
    files.map((name) => [
      `emulator/${name}`,
      relativeImports(`emulator/${name}`, readFileSync(join(root, name), 'utf8')).filter((target) => target.startsWith('emulator/')),
    ]),
  );
}

// Within one folder the layers above say nothing: a circle there (eventGenerator →
// eventsBehaviour → eventStore → eventGenerator, issue 34) is a module that cannot be
// read or tested without the others. Type-only imports count: the reader follows them too.
test('no emulator module reaches itself through its imports', () => {
  expect(importCircles(emulatorGraph())).toEqual([]);
});

test('the circle reader finds a circle of type imports, and a circle once however it is entered', () => {
  const graph = new Map(
    Object.entries({
      'e/generator.ts': relativeImports('e/generator.ts', "import type { Behaviour } from './behaviour.ts';"),
      'e/behaviour.ts': relativeImports('e/behaviour.ts', "import type { Store } from './store.ts';"),
      'e/store.ts': relativeImports('e/store.ts', "import { standIns } from './generator.ts';\nimport { ids } from '../core/ids.ts';"),
      'e/routes.ts': relativeImports('e/routes.ts', "import { Store } from './store.ts';"),
      'core/ids.ts': [],
    }),
  );
  expect(importCircles(graph)).toEqual(['e/behaviour.ts → e/store.ts → e/generator.ts → e/behaviour.ts']);
  graph.set('e/store.ts', ['core/ids.ts']);
  expect(importCircles(graph)).toEqual([]);
});
