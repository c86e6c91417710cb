import { faultSwitch } from '../faults/faultSwitch.ts';
import type { webhooksFaults } from './faults.ts';

export type WebhooksFault = (typeof webhooksFaults)[number]['name'];
export const webhookFaultOn = faultSwitch<WebhooksFault>();
