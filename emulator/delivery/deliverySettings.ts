import type { StorePart } from '../core/storeParts.ts';

// Delivery constants the documents leave to the implementation (6.1, 8), chosen
// here and documented in docs/delivery.md.

/** Events per AtLeastOnce batch: the documents' number (contract/facts/webhookDelivery.ts). */
export { AT_LEAST_ONCE_BATCH_SIZE as MAX_BATCH_SIZE } from '../../contract/facts/webhookDelivery.ts';

/** Fibonacci backoff unit: retries wait 1, 1, 2, 3, 5, 8 … units of emulator time. */
export const BACKOFF_UNIT_MS = 1000;

/** 8: "Maximum pause between retries 1 hour" (emulator time). */
export const MAX_BACKOFF_MS = 60 * 60 * 1000;

/**
 * Time-out of one delivery POST, in real milliseconds (the documents give none for
 * deliveries; 5 s mirrors the documented operation time-out). Real time, not
 * emulator time, because a scaled clock must not make loopback requests time out.
 * Adjustable at run time through the control endpoint /_emulator/delivery.
 */
export const DEFAULT_DELIVERY_TIMEOUT_MS = 5000;

export interface DeliverySettings {
  timeoutMs: number;
}

/** The settings as a store part (core/storeParts.ts): a time-out changed at run time is kept as the rest of the store is. */
export function deliverySettingsPart(settings: DeliverySettings): StorePart {
  return {
    exportState: () => ({ ...settings }),
    importState: (saved) => void Object.assign(settings, saved as DeliverySettings),
  };
}

/** Backoff units before the retry that follows the n-th consecutive failure (n ≥ 1): 1, 1, 2, 3, 5, 8 …, no longer counted once well past the cap. */
export function fibonacciUnits(failures: number): number {
  let previous = 0;
  let units = 1;
  for (let n = 1; n < failures && units * BACKOFF_UNIT_MS < MAX_BACKOFF_MS * 4; n += 1) [previous, units] = [units, previous + units];
  return units;
}
