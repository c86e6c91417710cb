import { expect, test } from 'vitest';
import { anyRandomInt } from '../../../emulator/realism/seededRandom.ts';

// Drop-in for crypto.randomInt in event generation: randomInt(max) draws from [0, max),
// randomInt(min, max) from [min, max), integers only, and both ends of the range occur.

const draws = (draw: () => number): number[] => Array.from({ length: 2000 }, draw);

test('randomInt(max) draws integers from [0, max), the lowest and the highest included', () => {
  const seen = draws(() => anyRandomInt(3));
  expect(seen.every((value) => Number.isInteger(value) && value >= 0 && value < 3)).toBe(true);
  expect(new Set(seen)).toEqual(new Set([0, 1, 2]));
});

test('randomInt(min, max) draws integers from [min, max), the lowest and the highest included', () => {
  const seen = draws(() => anyRandomInt(10, 13));
  expect(seen.every((value) => Number.isInteger(value) && value >= 10 && value < 13)).toBe(true);
  expect(new Set(seen)).toEqual(new Set([10, 11, 12]));
});
