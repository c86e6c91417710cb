import { expect, test } from 'vitest';
import { BACKOFF_UNIT_MS, fibonacciBackoffMs, MAX_BACKOFF_MS } from '../../emulator/delivery/deliverySettings.ts';

test('retries wait 1, 1, 2, 3, 5, 8 … units, never more than 1 hour', () => {
  const waits = Array.from({ length: 25 }, (_, n) => fibonacciBackoffMs(n + 1) / BACKOFF_UNIT_MS);
  expect(waits.slice(0, 10)).toEqual([1, 1, 2, 3, 5, 8, 13, 21, 34, 55]);
  expect(Math.max(...waits) * BACKOFF_UNIT_MS).toBe(MAX_BACKOFF_MS);
  expect(waits.slice(18)).toEqual(Array(7).fill(MAX_BACKOFF_MS / BACKOFF_UNIT_MS));
});

test('the seeded deviations differ from the documented backoff', () => {
  expect([1, 2, 3, 4].map((n) => fibonacciBackoffMs(n, { doubling: true }) / BACKOFF_UNIT_MS)).toEqual([1, 2, 4, 8]);
  expect(fibonacciBackoffMs(19, { uncapped: true })).toBeGreaterThan(MAX_BACKOFF_MS);
});
