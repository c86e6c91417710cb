import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

// vitest.config.ts names the test files vitest starts first by path: one renamed or
// removed would silently start late again. Read as text: test/ does not import the config.
test('every test file the sequencer starts first exists', () => {
  const named = [...readFileSync('vitest.config.ts', 'utf8').matchAll(/'(test\/[\w/]+\.test\.ts)'/g)].map((match) => match[1]!);
  expect(named.length).toBeGreaterThan(0);
  expect(named.filter((file) => !existsSync(file))).toEqual([]);
});
