import { ApiError } from './jsonApi.ts';

// How much one emulator may hold. Everyone who uses an emulator shares it (one
// tenant), and the documented API cannot delete webhooks or events, so without a
// bound a runaway client would grow it until the process runs out of memory.
// Past a bound, what would store more is refused with a 409 that says which
// bound and how to get room; nothing is stored. The defaults are far beyond what
// the conformance suite or a lived-in store needs (a few thousand events, a few
// hundred webhooks); measured, an event costs 0.6 to 2.3 KB of heap, so the
// default event bound keeps the store within about 2.3 GB at worst.

export interface StoreLimits {
  /** Webhooks of any status (created, or added by the control endpoint). */
  webhooks: number;
  /** Events stored (published by operations, injected or backfilled). */
  storedEvents: number;
}

export const DEFAULT_STORE_LIMITS: StoreLimits = { webhooks: 10_000, storedEvents: 1_000_000 };

export function checkStoreLimits(limits: Partial<StoreLimits>): StoreLimits {
  const chosen = { ...DEFAULT_STORE_LIMITS, ...limits };
  for (const [name, value] of Object.entries(chosen)) {
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`limits.${name} must be a positive integer; got ${value}`);
  }
  return chosen;
}

/** How to start an emulator with a higher bound: the command-line flag and the EmulatorOptions member. */
const RAISED_BY = { webhooks: '--max-webhooks (limits.webhooks)', events: '--max-events (limits.storedEvents)' } as const;

export function limitReached(what: keyof typeof RAISED_BY, limit: number, held: number, where: { pointer?: string } = {}): ApiError {
  return new ApiError(
    409,
    'Limit reached',
    `this emulator holds ${held} ${what} and holds at most ${limit} (they cannot be deleted): start a new emulator, or start one with a higher ${RAISED_BY[what]}`,
    where,
  );
}

/** Refuses an operation that may record events (route config recordsEvents) once the event store is full. */
export function eventCapacityHook(storedEvents: () => number, limit: number) {
  return async (): Promise<void> => {
    const held = storedEvents();
    if (held >= limit) throw limitReached('events', limit, held);
  };
}
