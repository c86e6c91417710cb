import { AdaptiveConcurrency, AIMD_DEFAULTS, type ConcurrencyLimit, fixedLimit } from './adaptiveConcurrency.ts';

// How many scenarios that hold nothing run at the same time when --concurrency
// is not given, chosen by how far the target is, not by its address: a far
// sandbox reached through a loopback port-forward or tunnel is as far as one
// reached directly. A near target (the embedded emulator, a local container) has
// the two cores as the limit, so a few more than that keeps them busy while
// scenarios wait. A far target's time is mostly the round trip, and what it bears
// is its own (a shared sandbox rate-limits): there the run finds it, `auto`
// (harness/targetIO/adaptiveConcurrency.ts), within what the manifest states.

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

/**
 * A round trip this long or shorter is near: loopback on a busy machine, a target in the same
 * building. Longer, and most of a run is waiting, which more at once shortens.
 */
export const NEAR_CALL_MS = 50;

/**
 * The default for a target whose round trip was measured (harness/targetIO/roundTrip.ts); one not
 * measured (the embedded emulator, in this very process, whose latency is our own CPU) is near.
 */
export function defaultConcurrency(roundTripMs: number | undefined): ConcurrencySetting {
  return roundTripMs !== undefined && roundTripMs > NEAR_CALL_MS ? 'auto' : LOOPBACK_CONCURRENCY;
}

/** The scheduler's limit for a setting, never above the ceiling the manifest states (`rateLimit.concurrency`). */
export function concurrencyLimit(setting: ConcurrencySetting, ceiling?: number): ConcurrencyLimit {
  if (setting === 'auto') return new AdaptiveConcurrency({ ...AIMD_DEFAULTS, start: AUTO_START, ceiling: ceiling ?? AUTO_CEILING });
  return fixedLimit(Math.max(1, Math.min(setting, ceiling ?? setting)));
}

/** The run's concurrency as the start of a run states it; with the round trip that chose it, when it was the default. */
export function describeConcurrency(setting: ConcurrencySetting, ceiling?: number, chosenByRoundTripMs?: number): string {
  const chosen =
    chosenByRoundTripMs === undefined
      ? ''
      : `, the default for a round trip of ${chosenByRoundTripMs} ms (${chosenByRoundTripMs > NEAR_CALL_MS ? 'over' : 'within'} ${NEAR_CALL_MS} ms)`;
  if (setting === 'auto') return `auto (from ${Math.min(AUTO_START, ceiling ?? AUTO_START)}, at most ${ceiling ?? AUTO_CEILING}${chosen})`;
  return ceiling !== undefined && setting > ceiling ? `${ceiling} (the manifest's rateLimit.concurrency)` : `${setting}${chosen}`;
}
