import { expect, test } from 'vitest';
import { ALL_SCENARIOS, problems } from '../support/emulatorRuns.ts';
import { runAgainstVendorLike } from '../support/vendorLikeRuns.ts';

// Latency is not non-conformance: a vendor-like target answering every call
// after 300 ms passes everything it passes at once (only GN-TIMEOUT judges time,
// and 300 ms is well inside 5 s).

test('every call answered after 300 ms: no FAIL, WARN or UNTESTABLE', async () => {
  const { records } = await runAgainstVendorLike(
    ALL_SCENARIOS,
    { latency: { ms: 300, jitterMs: 0 }, rateLimit: undefined },
    { concurrency: 24 },
  );
  expect(problems(records)).toEqual([]);
  expect(records.some((record) => record.requirementId === 'GN-TIMEOUT' && record.outcome === 'PASS')).toBe(true);
}, 600_000);
