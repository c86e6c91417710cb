import { expect, test } from 'vitest';
import { correctDelivery, type DeliveryBehaviour } from '../../../emulator/delivery/deliveryBehaviour.ts';
import { BACKOFF_UNIT_MS, MAX_BACKOFF_MS } from '../../../emulator/delivery/deliverySettings.ts';
import { deliveryFaults } from '../../../emulator/delivery/faults.ts';
import { behaviourWith } from '../../../emulator/faults/edgeFault.ts';

// The wait before a retry as the delivery engine takes it from its behaviour.
const waitMs = (behaviour: DeliveryBehaviour, failures: number): number =>
  Math.min(behaviour.backoffUnits(failures) * BACKOFF_UNIT_MS, behaviour.maxBackoffMs);

const faulted = (name: string): DeliveryBehaviour => behaviourWith(correctDelivery, deliveryFaults, new Set([name]));

test('retries wait 1, 1, 2, 3, 5, 8 … units, never more than 1 hour', () => {
  const waits = Array.from({ length: 25 }, (_, n) => waitMs(correctDelivery, n + 1) / BACKOFF_UNIT_MS);
  expect(waits.slice(0, 10)).toEqual([1, 1, 2, 3, 5, 8, 13, 21, 34, 55]);
  expect(Math.max(...waits) * BACKOFF_UNIT_MS).toBe(MAX_BACKOFF_MS);
  expect(waits.slice(18)).toEqual(Array(7).fill(MAX_BACKOFF_MS / BACKOFF_UNIT_MS));
});

test('the seeded deviations differ from the documented backoff', () => {
  expect([1, 2, 3, 4].map((n) => waitMs(faulted('backoff-doubling'), n) / BACKOFF_UNIT_MS)).toEqual([1, 2, 4, 8]);
  expect(waitMs(faulted('backoff-no-cap'), 19)).toBeGreaterThan(MAX_BACKOFF_MS);
});
