import type { ThrottleTally } from '../harness/targetIO/throttleRetry.ts';

// How a results document's throttling tally is told to a reader (the terminal summary and
// summary.md say the same line): throttling is waited out by harness/targetIO/, never judged.

/** One line for the run summary, or undefined when the target never throttled. */
export function describeThrottling(tally: ThrottleTally, runMs: number): string | undefined {
  if (tally.tooManyRequests === 0 && tally.unavailable === 0) return undefined;
  const seconds = (tally.waitedMs / 1000).toFixed(1);
  const share = runMs > 0 ? Math.round((100 * tally.waitedMs) / runMs) : 0;
  return (
    `Throttling: the target answered 429 ${tally.tooManyRequests} time(s) and 503 to a read ${tally.unavailable} time(s); ` +
    `each was retried (never judged), waiting ${seconds} s in all, which stretched this run by about ${share}%.`
  );
}
