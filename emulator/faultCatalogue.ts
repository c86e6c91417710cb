import { deliveryFaults } from './delivery/faults.ts';
import { eventsFaults } from './events/faults.ts';
import { positivePayFaults } from './positivePay/faults.ts';
import { sandboxFaults } from './sandbox/faults.ts';
import { webhooksFaults } from './webhooks/faults.ts';
import type { SeededFault } from './faults/seededFault.ts';
import { TOLERATED_VARIATIONS } from './faults/toleratedVariations.ts';
import { nearestNames } from './tools/closeNames.ts';

// Every deviation the emulator can be started with: seeded faults (each a
// realistic bug, mapped to the requirement ids it must break) and tolerated
// variations (behaviour the documents leave open, which must break nothing).

export interface FaultDefinition extends SeededFault {
  /** The emulator area the fault lives in. */
  area: string;
}

const byArea = (area: string, faults: readonly SeededFault[]): FaultDefinition[] => faults.map((fault) => ({ ...fault, area }));

export const FAULTS: readonly FaultDefinition[] = [
  ...byArea('positivePay', positivePayFaults),
  ...byArea('webhooks', webhooksFaults),
  ...byArea('events', eventsFaults),
  ...byArea('delivery', deliveryFaults),
  ...byArea('sandbox', sandboxFaults),
];

const KNOWN = new Set([...FAULTS.map((fault) => fault.name), ...TOLERATED_VARIATIONS.map((variation) => variation.name)]);

/** One line for the first unknown name, with the few known names nearest to it (never all of them); undefined when all are known. */
export function unknownFaultLine(names: readonly string[]): string | undefined {
  const unknown = names.find((name) => !KNOWN.has(name));
  if (unknown === undefined) return undefined;
  const nearest = nearestNames(unknown, [...KNOWN]);
  return `unknown fault '${unknown}'${nearest.length > 0 ? ` (did you mean ${nearest.join(' or ')}?)` : ''}; banking-api-emulator --list-faults lists all`;
}

/** Throws naming the unknown name, so a typo never starts a clean emulator that claims to be faulted. */
export function assertKnownFaults(names: readonly string[]): void {
  const line = unknownFaultLine(names);
  if (line !== undefined) throw new RangeError(line);
}
