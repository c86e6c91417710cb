import type { DeliveryFault } from './faults.ts';

/** Typed so that a misspelt fault name is a compile error, not a fault that never fires. */
export const deliveryFaultOn = (faults: ReadonlySet<string>, name: DeliveryFault): boolean => faults.has(name);
