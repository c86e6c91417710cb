import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { CONTROL_PREFIX } from '../core/area.ts';

// Every control endpoint of the emulator, written once: the areas register their
// handlers through `addControlRoute`, the emulator refuses any other route under
// the prefix, and the test of `controlEndpoints: false` walks this list.

export const CONTROL_ROUTES = {
  health: { method: 'GET', path: '/health' },
  mintToken: { method: 'POST', path: '/tokens' },
  createDepositProduct: { method: 'POST', path: '/deposit-products' },
  createAccount: { method: 'POST', path: '/accounts' },
  readClock: { method: 'GET', path: '/clock' },
  advanceClock: { method: 'POST', path: '/clock/advance' },
  scaleClock: { method: 'POST', path: '/clock/scale' },
  injectEvents: { method: 'POST', path: '/events' },
  readDelivery: { method: 'GET', path: '/delivery' },
  changeDelivery: { method: 'PUT', path: '/delivery' },
  addOtherWebhooks: { method: 'POST', path: '/webhooks' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT'; path: string }>;

export type ControlRoute = (typeof CONTROL_ROUTES)[keyof typeof CONTROL_ROUTES];

const LISTED = new Set(Object.values(CONTROL_ROUTES).map((route) => `${route.method} ${CONTROL_PREFIX}${route.path}`));

/** Registers a listed control route: no bearer token, never part of the documented API. */
export function addControlRoute(app: FastifyInstance, route: ControlRoute, handler: RouteHandlerMethod): void {
  app.route({ method: route.method, url: `${CONTROL_PREFIX}${route.path}`, config: { control: true }, handler });
}

/** A route under the control prefix that the list does not name is a start-up error, so the list stays complete. */
export function refuseUnlistedControlRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${CONTROL_PREFIX}/`)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      if (!LISTED.has(`${method} ${route.url}`)) throw new Error(`control route ${method} ${route.url} is not listed in CONTROL_ROUTES (emulator/control/controlRouteList.ts)`);
    }
  });
}
