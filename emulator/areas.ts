import type { FastifyInstance } from 'fastify';
import type { EmulatorState } from './core/emulatorState.ts';
import { registerEventRoutes } from './events/eventRoutes.ts';
import type { WebhookServices } from './events/webhookServices.ts';
import { registerPositivePayRoutes } from './positivePay/positivePayRoutes.ts';
import { registerSandboxRoutes } from './sandbox/sandboxRoutes.ts';
import { registerWebhookRoutes } from './webhooks/webhookRoutes.ts';

/** One area of the documented API: registers its routes, on the state and the webhook services it needs. */
export type ApiArea = (app: FastifyInstance, state: EmulatorState, services: WebhookServices) => void | Promise<void>;

/** The documented API, one area per folder. */
export const API_AREAS: readonly ApiArea[] = [registerPositivePayRoutes, registerWebhookRoutes, registerEventRoutes, registerSandboxRoutes];
