import type { EmulatorState } from '../core/emulatorState.ts';
import type { PositivePayFault } from './faults.ts';

/** Typed so that a misspelt fault name is a compile error, not a fault that never fires. */
export const faultOn = (state: Pick<EmulatorState, 'faults'>, name: PositivePayFault): boolean => state.faults.has(name);
