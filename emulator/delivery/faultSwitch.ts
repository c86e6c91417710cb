import { faultSwitch } from '../faults/faultSwitch.ts';
import type { deliveryFaults } from './faults.ts';

export type DeliveryFault = (typeof deliveryFaults)[number]['name'];
export const deliveryFaultOn = faultSwitch<DeliveryFault>();
