import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { FAULTS } from '../../../emulator/faultCatalogue.ts';

// Seeded faults sit at the edges: each wraps its area's behaviour (emulator/faults/edgeFault.ts),
// so no domain or route code names one. Variations are asked through a switch typed by
// their names (emulator/faults/faultSwitch.ts): a raw `faults.has('name')` compiles with a
// misspelt name and leaves a variation that never takes effect.

const EMULATOR = fileURLToPath(new URL('../../../emulator', import.meta.url));
const RAW_SWITCH = /\.has\(\s*['"`][a-z0-9-]+['"`]\s*\)/;

function sources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

test('no emulator module tests a fault by a raw string', () => {
  const raw = sources(EMULATOR).flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line, index) => (RAW_SWITCH.test(line) ? [`${relative(EMULATOR, path)}:${index + 1}: ${line.trim()}`] : [])),
  );
  expect(raw).toEqual([]);
});

test('no emulator module names a seeded fault but the faults.ts of its area: the domain asks the behaviour', () => {
  const quoted = new RegExp(`['"\`](${FAULTS.map((fault) => fault.name).join('|')})['"\`]`);
  const naming = sources(EMULATOR)
    .filter((path) => !path.endsWith('/faults.ts'))
    .flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, index) => (quoted.test(line) ? [`${relative(EMULATOR, path)}:${index + 1}: ${line.trim()}`] : [])),
    );
  expect(naming).toEqual([]);
});

// Where the emulator is put together, a variation may add a hook, a shaper or a clock setting; anywhere else
// an area applies it as a wrapper of its behaviour (its variations.ts).
const COMPOSITION = new Set(['emulator.ts', 'events/eventVariations.ts', 'events/webhookServices.ts']);

test('variations are asked only where the emulator is put together: areas apply them as behaviour wrappers', () => {
  const asking = sources(EMULATOR)
    .map((path) => relative(EMULATOR, path))
    .filter((path) => !path.startsWith('faults/') && !COMPOSITION.has(path))
    .filter((path) => /\b(any)?[vV]ariationOn\(/.test(readFileSync(join(EMULATOR, path), 'utf8')));
  expect(asking).toEqual([]);
});
