import { expect, test } from 'vitest';

// A fixture for test/tree/closingLine.test.ts: one test that passes, one that fails.
test('holds', () => {
  expect(1).toBe(1);
});

test('breaks on purpose', () => {
  expect(['FAIL XX-SOME-REQUIREMENT a/scenario: what went wrong'], 'replay: run --seed 7').toEqual([]);
});
