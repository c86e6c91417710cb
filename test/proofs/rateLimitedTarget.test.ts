import { expect, test } from 'vitest';
import { ALL_SCENARIOS, problems } from '../support/emulatorRuns.ts';
import { runAgainstVendorLike } from '../support/vendorLikeRuns.ts';

// Throttling is not non-conformance: a vendor-like target answering every 12th
// call with 429 and Retry-After: 1 passes, and the throttling is counted.

test('every 12th call answered 429 Retry-After: 1: no FAIL, WARN or UNTESTABLE, the throttling counted', async () => {
  const { records, throttling } = await runAgainstVendorLike(
    ALL_SCENARIOS,
    { latency: undefined, rateLimit: { every: 12, retryAfterSeconds: 1 } },
    { concurrency: 24 },
  );
  expect(problems(records)).toEqual([]);
  expect(throttling.tooManyRequests).toBeGreaterThan(50);
  console.log(
    `rate-limited run: ${throttling.tooManyRequests} answers 429 waited out, ${(throttling.waitedMs / 1000).toFixed(0)} s in all`,
  );
}, 600_000);
