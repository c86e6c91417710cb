import { faultSwitch } from '../faults/faultSwitch.ts';
import type { PositivePayFault } from './faults.ts';

/** Typed so that a misspelt fault name is a compile error, not a fault that never fires. */
export const faultOn = faultSwitch<PositivePayFault>();
