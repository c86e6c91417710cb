import type { FastifyInstance } from 'fastify';
import type { EmulatorState } from '../core/emulatorState.ts';
import { EventStore } from '../events/eventStore.ts';
import { applyEventVariations } from '../faults/eventVariations.ts';
import { UNKNOWN_EVENT_TYPE, variationOn } from '../faults/toleratedVariations.ts';
import { WebhookRegistry } from '../webhooks/webhookRegistry.ts';
import { DeliveryEngine } from './deliveryEngine.ts';

// The webhook registry, event store and delivery engine of one emulator, shared by
// the webhook routes, the event routes and their control endpoints. Kept beside
// the state (not in it) so the core state shape stays the lead's.
export interface WebhookServices {
  webhooks: WebhookRegistry;
  events: EventStore;
  delivery: DeliveryEngine;
}

const servicesByState = new WeakMap<EmulatorState, WebhookServices>();

export function webhookServices(app: FastifyInstance, state: EmulatorState): WebhookServices {
  const existing = servicesByState.get(state);
  if (existing) return existing;
  if (!(state.events instanceof EventStore)) throw new Error('the emulator state must publish events through EventStore');
  const events = state.events;
  const webhooks = new WebhookRegistry();
  const delivery = new DeliveryEngine(webhooks, events, state.clock, state.environment, state);
  events.onPublish((event) => delivery.dispatch(event));
  applyEventVariations(events, state.faults);
  // Tolerated variation: a type no catalogue lists follows every event (receivers must accept unknown types, 6.1, 9).
  if (variationOn(state, 'unknown-event-type')) {
    events.onPublish((event) => {
      if (event.type !== UNKNOWN_EVENT_TYPE) events.publish({ type: UNKNOWN_EVENT_TYPE, attributes: { notice: `follows event ${event.id}` } });
    });
  }
  app.addHook('onClose', async () => delivery.close());
  const services = { webhooks, events, delivery };
  servicesByState.set(state, services);
  return services;
}
