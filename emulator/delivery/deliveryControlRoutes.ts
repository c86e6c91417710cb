import type { FastifyInstance } from 'fastify';
import { CONTROL_ROUTES } from '../../contract/facts/controlRoutes.ts';
import { addControlRoute } from '../core/controlRouteList.ts';
import { invalid } from '../core/jsonApi.ts';
import type { DeliveryEngine } from './deliveryEngine.ts';
import { DELIVERY_LOG_ATTEMPTS } from './deliveryLog.ts';

// Control endpoint of the delivery area (capability webhookDelivery), plain JSON:
//   GET /_emulator/deliveries[?event=ID[,ID…]][&webhook=ID][&after=SEQ][&limit=N]
//     the recent delivery attempts, newest first (deliveryLog.ts), and with `event`
//     the webhooks each of those events was queued for:
//     200 {deliveries: [...], recipients: {eventId: [webhookId, ...]}}.

function listOf(raw: unknown): string[] {
  const values = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return values.flatMap((value) => String(value).split(',')).filter((id) => id !== '');
}

function whole(raw: unknown, name: string, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || value > max)
    throw invalid(`/${name}`, `${name} must be an integer from 0 to ${max}`);
  return value;
}

export function registerDeliveryControlRoutes(app: FastifyInstance, delivery: DeliveryEngine): void {
  addControlRoute(app, CONTROL_ROUTES.readDeliveries, async (request) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const eventIds = listOf(query.event);
    const webhookId = query.webhook === undefined ? undefined : String(query.webhook);
    const deliveries = delivery.log.read({
      eventIds,
      webhookId,
      after: whole(query.after, 'after', Number.MAX_SAFE_INTEGER),
      limit: whole(query.limit, 'limit', DELIVERY_LOG_ATTEMPTS),
    });
    return { deliveries, recipients: delivery.log.recipientsOf(eventIds) };
  });
}
