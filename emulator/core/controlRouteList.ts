import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { CONTROL_PREFIX, CONTROL_ROUTES, type ControlRoute } from '../../contract/facts/controlRoutes.ts';

// The emulator registers its control endpoints from the one list of them
// (contract/facts/controlRoutes.ts, which the harness calls): the areas add their handlers
// through `addControlRoute`, the emulator refuses any other route under the
// prefix, and the test of `controlEndpoints: false` walks the same list.

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
      if (!LISTED.has(`${method} ${route.url}`))
        throw new Error(`control route ${method} ${route.url} is not listed in CONTROL_ROUTES (contract/facts/controlRoutes.ts)`);
    }
  });
}
