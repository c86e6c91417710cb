// How many scenarios that hold nothing run at the same time when --concurrency
// is not given. On loopback (the embedded emulator, a local container) the two
// cores are the limit, so a few more than that keeps them busy while scenarios
// wait; a remote target's time is mostly the network round trip, so more calls
// are kept in flight (still well under a sandbox's rate limit, which the
// harness waits out anyway: harness/throttleRetry.ts).

// 4, not more: with the whole test suite running beside a run, 8 at once stretched
// real-time delivery waits enough to fail a correct target now and then.
export const LOOPBACK_CONCURRENCY = 4;
export const REMOTE_CONCURRENCY = 16;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function defaultConcurrency(baseUrl: string): number {
  const host = new URL(baseUrl).hostname;
  return LOOPBACK_HOSTS.has(host) ? LOOPBACK_CONCURRENCY : REMOTE_CONCURRENCY;
}
