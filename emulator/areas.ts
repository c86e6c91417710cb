import type { EmulatorArea } from './core/area.ts';
import { registerEventRoutes } from './events/eventRoutes.ts';
import { registerPositivePayRoutes } from './positivePay/positivePayRoutes.ts';
import { registerSandboxRoutes } from './sandbox/sandboxRoutes.ts';
import { registerWebhookRoutes } from './webhooks/webhookRoutes.ts';

/** The documented API, one area per folder. */
export const API_AREAS: readonly EmulatorArea[] = [
  registerPositivePayRoutes,
  registerWebhookRoutes,
  registerEventRoutes,
  registerSandboxRoutes,
];
