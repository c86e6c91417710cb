import type { FastifyInstance } from 'fastify';
import { CONTROL_PREFIX } from '../../contract/facts/controlRoutes.ts';
import type { EmulatorState } from './emulatorState.ts';
import type { Scope } from './scopes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Scope the operation requires (section 5.1); absent means any valid token. */
    scope?: Scope;
    /** Control endpoints under the reserved prefix take no bearer token. */
    control?: boolean;
    /** The operation may store events: refused once the event store is full (core/storeLimits.ts). */
    recordsEvents?: boolean;
  }
}

/** One area of the API (positive pay, webhooks, ...): registers its routes on the app. */
export type EmulatorArea = (app: FastifyInstance, state: EmulatorState) => void | Promise<void>;

/** Whether a request URL is under the control prefix (documented-API realism never applies there). */
export function isControlPath(url: string): boolean {
  return url === CONTROL_PREFIX || url.startsWith(`${CONTROL_PREFIX}/`) || url.startsWith(`${CONTROL_PREFIX}?`);
}
