import type { FastifyInstance } from 'fastify';
import { CONTROL_ROUTES } from '../../contract/facts/controlRoutes.ts';
import { addControlRoute } from '../core/controlRouteList.ts';
import type { EmulatorState } from '../core/emulatorState.ts';
import { invalid } from '../core/jsonApi.ts';
import { limitReached } from '../core/storeLimits.ts';
import type { WebhookRegistry } from './webhookRegistry.ts';

// Control endpoint of the webhooks area (capability fixtureProvisioning), plain JSON:
//   POST /_emulator/webhooks {count}
//     adds `count` Disabled webhooks, as other clients of a shared sandbox leave
//     behind (the API has no delete), so that a list can hold more than its
//     maximum page of 1000; answers 201 {ids: [first, last], total}.
// Disabled, they count against no limit and receive nothing.

const MAX_ADDED = 5_000;
/** Port 9 (discard) on loopback: nothing is ever delivered to these webhooks. */
const UNUSED_URL = 'http://127.0.0.1:9/other-client';

export function registerWebhookControlRoutes(app: FastifyInstance, state: EmulatorState, webhooks: WebhookRegistry): void {
  addControlRoute(app, CONTROL_ROUTES.addOtherWebhooks, async (request, reply) => {
    const count = (request.body as { count?: unknown } | null)?.count;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_ADDED) {
      throw invalid('/count', `count must be an integer from 1 to ${MAX_ADDED}`);
    }
    const held = webhooks.all().length;
    if (held + count > state.limits.webhooks) throw limitReached('webhooks', state.limits.webhooks, held, { pointer: '/count' });
    const ids: string[] = [];
    for (let n = 0; n < count; n += 1) {
      const id = state.ids.next('webhook');
      webhooks.add({
        id,
        seq: Number(id),
        createdAt: webhooks.createdAtFor(state.clock.stamp()),
        label: `other client ${id}`,
        url: UNUSED_URL,
        token: '',
        contentType: 'Json',
        deliveryMode: 'AtMostOnce',
        includeResources: false,
        subscriptionType: 'All',
        status: 'Disabled',
      });
      ids.push(id);
    }
    return reply.code(201).send({ ids: [ids[0], ids.at(-1)], total: webhooks.all().length });
  });
}
