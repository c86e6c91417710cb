import type { SinkDelivery } from '../../harness/targetIO/webhookSink.ts';
import type { DeliveredEvents } from './deliveredEvents.ts';

// API 6.1: which event types each subscriptionType admits.

export const AUTHORIZATION_REQUESTS: ReadonlySet<string> = new Set([
  'authorizationRequest.pending',
  'authorizationRequest.approved',
  'authorizationRequest.declined',
]);

export const admits = (subscriptionType: string, type: string): boolean =>
  subscriptionType === 'All' || (subscriptionType === 'OnlyAuthorizationRequest') === AUTHORIZATION_REQUESTS.has(type);

/**
 * Every delivered event of a type the subscription excludes, whoever made it
 * happen: a filter holds for all traffic, not only for the scenario's events.
 * Events whose type is unknown (a bare id the target would not show) are left out.
 */
export function excludedArrivals(
  events: DeliveredEvents,
  subscriptionType: string,
  deliveries: readonly SinkDelivery[],
): Array<{ id: string; type: string }> {
  const excluded = new Map<string, string>();
  for (const delivery of deliveries) {
    for (const item of delivery.payload.events) {
      const type = events.typeOf(item.id);
      if (type !== undefined && !admits(subscriptionType, type)) excluded.set(item.id, type);
    }
  }
  return [...excluded].map(([id, type]) => ({ id, type }));
}
