import { AdaptiveConcurrency, AIMD_DEFAULTS, type ConcurrencyLimit, fixedLimit } from './adaptiveConcurrency.ts';

// How many scenarios that hold nothing run at the same time when --concurrency
// is not given. On loopback (the embedded emulator, a local container) the two
// cores are the limit, so a few more than that keeps them busy while scenarios
// wait. A remote target's time is mostly the network round trip, and what it
// bears is its own (a shared sandbox rate-limits): there the run finds it,
// `auto` (harness/target/adaptiveConcurrency.ts), within what the manifest states.

/** `--concurrency N`, or `auto`. */
export type ConcurrencySetting = number | 'auto';

// 4, not more: with the whole test suite running beside a run, 8 at once stretched
// real-time delivery waits enough to fail a correct target now and then.
export const LOOPBACK_CONCURRENCY = 4;
/** Where `auto` starts: what loopback runs at, safe for any target. */
export const AUTO_START = 4;
/** The most `auto` grows to where the manifest states no ceiling. */
export const AUTO_CEILING = 32;
/** The most a fixed --concurrency may be. */
export const MAX_CONCURRENCY = 64;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function defaultConcurrency(baseUrl: string): ConcurrencySetting {
  const host = new URL(baseUrl).hostname;
  return LOOPBACK_HOSTS.has(host) ? LOOPBACK_CONCURRENCY : 'auto';
}

/** The scheduler's limit for a setting, never above the ceiling the manifest states (`rateLimit.concurrency`). */
export function concurrencyLimit(setting: ConcurrencySetting, ceiling?: number): ConcurrencyLimit {
  if (setting === 'auto') return new AdaptiveConcurrency({ ...AIMD_DEFAULTS, start: AUTO_START, ceiling: ceiling ?? AUTO_CEILING });
  return fixedLimit(Math.max(1, Math.min(setting, ceiling ?? setting)));
}

/** The run's concurrency as the start of a run states it. */
export function describeConcurrency(setting: ConcurrencySetting, ceiling?: number): string {
  if (setting === 'auto') return `auto (from ${Math.min(AUTO_START, ceiling ?? AUTO_START)}, at most ${ceiling ?? AUTO_CEILING})`;
  return ceiling !== undefined && setting > ceiling ? `${ceiling} (the manifest's rateLimit.concurrency)` : String(setting);
}
