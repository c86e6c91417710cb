import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

// Every fault and variation is switched through a switch typed by its area's
// names (emulator/faults/faultSwitch.ts): a raw `faults.has('name')` compiles
// with a misspelt name and leaves a fault that never fires.

const EMULATOR = fileURLToPath(new URL('../../emulator', import.meta.url));
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
