import type { FastifyInstance, RouteOptions } from 'fastify';
import { authenticate } from './authentication.ts';
import { eventCapacityHook } from './storeLimits.ts';
import type { TokenRegistry } from './tokenRegistry.ts';

// The hooks a route needs, chosen once when the route is added (from its config,
// core/area.ts) rather than asked on every request: a documented route
// authenticates with its own scope, a route that may record events checks the
// event store's room, and a control route does neither.

type HookName = 'onRequest' | 'preHandler';

function append(route: RouteOptions, name: HookName, hook: (...args: never[]) => unknown): void {
  const existing = route[name];
  const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as Record<HookName, unknown>)[name] = [...hooks, hook];
}

/** `unguarded` is a seeded fault's way in: the routes (by URL pattern) it names are served to anyone. */
export function addRouteHooks(
  app: FastifyInstance,
  tokens: TokenRegistry,
  events: { size(): number },
  storedEventsLimit: number,
  unguarded?: (url: string) => boolean,
): void {
  const eventCapacity = eventCapacityHook(() => events.size(), storedEventsLimit);
  app.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    if (!config.control && !unguarded?.(route.url)) append(route, 'onRequest', authenticate(tokens, config.scope));
    if (config.recordsEvents) append(route, 'preHandler', eventCapacity);
  });
}
