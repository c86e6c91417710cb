import { expect, test } from 'vitest';
import { AdaptiveConcurrency } from '../../harness/targetIO/adaptiveConcurrency.ts';
import {
  AUTO_CEILING,
  AUTO_START,
  concurrencyLimit,
  defaultConcurrency,
  describeConcurrency,
  LOOPBACK_CONCURRENCY,
  NEAR_CALL_MS,
} from '../../harness/targetIO/concurrency.ts';
import { planRun } from '../../run/runPlan.ts';
import { parseConcurrency } from '../../cli/runValues.ts';

// What --concurrency takes and what a run gets without it: `auto` where the target's
// measured round trip is long, a fixed number where it is short, and never more than
// the manifest's rateLimit.concurrency.

test('--concurrency takes auto or a whole number', () => {
  expect(parseConcurrency('auto')).toBe('auto');
  expect(planRun({ concurrency: parseConcurrency('8') }).concurrency).toBe(8);
  expect(planRun({}).concurrency).toBeUndefined();
  expect(() => parseConcurrency('fast')).toThrow(/--concurrency must be auto or a whole number from 1 to 64; got 'fast'/);
});

test('auto is the default for a far target, whatever its address; a near one keeps a fixed number', () => {
  expect(defaultConcurrency(NEAR_CALL_MS + 1)).toBe('auto');
  expect(defaultConcurrency(400)).toBe('auto');
  for (const roundTripMs of [0, 3, NEAR_CALL_MS, undefined])
    expect(defaultConcurrency(roundTripMs), String(roundTripMs)).toBe(LOOPBACK_CONCURRENCY);
});

test("the manifest's ceiling caps auto and a fixed number alike", () => {
  const auto = concurrencyLimit('auto');
  expect(auto).toBeInstanceOf(AdaptiveConcurrency);
  expect(auto.value).toBe(AUTO_START);
  expect(concurrencyLimit('auto', 2).value).toBe(2);
  expect(concurrencyLimit(16, 8).value).toBe(8);
  expect(concurrencyLimit(6).value).toBe(6);
  expect(concurrencyLimit(6).sending).toBeUndefined();
});

test('the start of a run says which concurrency it runs at', () => {
  expect(describeConcurrency('auto')).toBe(`auto (from ${AUTO_START}, at most ${AUTO_CEILING})`);
  expect(describeConcurrency('auto', 8)).toBe(`auto (from ${AUTO_START}, at most 8)`);
  expect(describeConcurrency(16, 8)).toBe("8 (the manifest's rateLimit.concurrency)");
  expect(describeConcurrency(1, 8)).toBe('1');
  expect(describeConcurrency('auto', undefined, 412)).toBe(
    `auto (from ${AUTO_START}, at most ${AUTO_CEILING}, the default for a round trip of 412 ms (over ${NEAR_CALL_MS} ms))`,
  );
  expect(describeConcurrency(LOOPBACK_CONCURRENCY, undefined, 2)).toBe(
    `${LOOPBACK_CONCURRENCY}, the default for a round trip of 2 ms (within ${NEAR_CALL_MS} ms)`,
  );
});
