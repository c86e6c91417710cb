import { existsSync } from 'node:fs';
import { expect, test } from 'vitest';
import { HEAVIEST_TEST_FILES } from '../support/heaviestTestFiles.ts';

// The sequencer names the test files vitest starts first by path: one renamed or
// removed would silently start late again.
test('every test file the sequencer starts first exists', () => {
  expect(HEAVIEST_TEST_FILES.length).toBeGreaterThan(0);
  expect(HEAVIEST_TEST_FILES.filter((file) => !existsSync(file))).toEqual([]);
});
