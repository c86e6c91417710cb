import type { Environment } from './domain.ts';
import type { EventPublisher } from './eventPublisher.ts';
import type { IdSequence } from './idSequence.ts';
import type { PositivePayStore } from './positivePayStore.ts';
import type { StoreLimits } from './storeLimits.ts';
import type { StoreParts } from './storeParts.ts';
import type { TokenRegistry } from './tokenRegistry.ts';
import type { VirtualClock } from './virtualClock.ts';

/** Everything the emulator knows; one instance per emulator, shared by all route areas. */
export interface EmulatorState {
  readonly environment: Environment;
  readonly clock: VirtualClock;
  readonly ids: IdSequence;
  readonly tokens: TokenRegistry;
  /** Deposit products, accounts and positive pay rules. */
  readonly positivePay: PositivePayStore;
  readonly events: EventPublisher;
  /** Seeded faults and tolerated variations the emulator was started with (see emulator/faults). */
  readonly faults: ReadonlySet<string>;
  /** Ids of the fixtures created at start-up, for users who want something to point at. */
  readonly fixtures: { depositProductId: string; accountId: string };
  /** How many webhooks and events it may hold (core/storeLimits.ts). */
  readonly limits: StoreLimits;
  /** The stores that can be saved and restored (core/storeParts.ts, emulator/persistence). */
  readonly parts: StoreParts;
}
