import { faultSwitch } from '../faults/faultSwitch.ts';
import type { eventsFaults } from './faults.ts';

export type EventsFault = (typeof eventsFaults)[number]['name'];
export const eventFaultOn = faultSwitch<EventsFault>();
