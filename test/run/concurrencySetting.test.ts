import { expect, test } from 'vitest';
import { AdaptiveConcurrency } from '../../harness/target/adaptiveConcurrency.ts';
import {
  AUTO_CEILING,
  AUTO_START,
  concurrencyLimit,
  defaultConcurrency,
  describeConcurrency,
  LOOPBACK_CONCURRENCY,
} from '../../harness/target/concurrency.ts';
import { requirementCatalogue } from '../../harness/documents/requirementCatalogue.ts';
import { planRun } from '../../run/runPlan.ts';
import { parseConcurrency } from '../../cli/runValues.ts';

// What --concurrency takes and what a run gets without it: `auto` off loopback,
// a fixed number on it, and never more than the manifest's rateLimit.concurrency.

const catalogue = requirementCatalogue();

test('--concurrency takes auto or a whole number', () => {
  expect(parseConcurrency('auto')).toBe('auto');
  expect(planRun({ concurrency: parseConcurrency('8') }, catalogue).concurrency).toBe(8);
  expect(planRun({}, catalogue).concurrency).toBeUndefined();
  expect(() => parseConcurrency('fast')).toThrow(/--concurrency must be auto or a whole number from 1 to 64; got 'fast'/);
});

test('auto is the default for a remote target; loopback keeps a fixed number', () => {
  expect(defaultConcurrency('https://sandbox.example.com/v1')).toBe('auto');
  for (const url of ['http://127.0.0.1:8080', 'http://localhost:3000', 'http://[::1]:8080']) {
    expect(defaultConcurrency(url), url).toBe(LOOPBACK_CONCURRENCY);
  }
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
});
