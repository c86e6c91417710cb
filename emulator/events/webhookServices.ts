import type { FastifyInstance } from 'fastify';
import type { EmulatorState } from '../core/emulatorState.ts';
import { correctDelivery } from '../delivery/deliveryBehaviour.ts';
import { DeliveryEngine } from '../delivery/deliveryEngine.ts';
import { deliveryFaults } from '../delivery/faults.ts';
import { deliverySettingsPart } from '../delivery/deliverySettings.ts';
import { deliveryVariations } from '../delivery/variations.ts';
import { behaviourWith } from '../faults/edgeFault.ts';
import { UNKNOWN_EVENT_TYPE, variationOn } from '../faults/toleratedVariations.ts';
import { webhooksFaults } from '../webhooks/faults.ts';
import { webhooksVariations } from '../webhooks/variations.ts';
import { WebhookRegistry } from '../webhooks/webhookRegistry.ts';
import { correctWebhooks, type WebhooksBehaviour } from '../webhooks/webhooksBehaviour.ts';
import { correctEvents, type EventsBehaviour } from './eventsBehaviour.ts';
import { applyEventVariations } from './eventVariations.ts';
import type { EventStore } from './eventStore.ts';
import { eventsFaults } from './faults.ts';
import { eventsVariations } from './variations.ts';

// The webhook registry, event store and delivery engine of one emulator, made
// once by createEmulator and handed to the webhook and event routes and their
// control endpoints: publishing an event dispatches it to the delivery engine.
// The areas' behaviours, with the active seeded faults folded in, travel with them.
export interface WebhookServices {
  webhooks: WebhookRegistry;
  events: EventStore;
  delivery: DeliveryEngine;
  webhooksBehaviour: WebhooksBehaviour;
  eventsBehaviour: EventsBehaviour;
}

/** The store part of the delivery log, which a state directory keeps in a file of its own (persistence/stateDirectory.ts). */
export const DELIVERY_LOG_PART = 'deliveryLog';

/** The store part of the delivery queues, whose waiting ids a state directory journals (persistence/queueJournal.ts). */
export const DELIVERY_QUEUES_PART = 'delivery';

export function createWebhookServices(app: FastifyInstance, state: EmulatorState, events: EventStore): WebhookServices {
  const webhooks = new WebhookRegistry();
  const delivery = new DeliveryEngine(
    webhooks,
    events,
    state.clock,
    state.environment,
    behaviourWith(correctDelivery, [...deliveryFaults, ...deliveryVariations], state.faults),
  );
  state.parts.add('webhooks', webhooks);
  // Before the queues: restoring them sends saved batches, whose attempts go into the restored log.
  state.parts.add(DELIVERY_LOG_PART, delivery.log);
  state.parts.add('deliverySettings', deliverySettingsPart(delivery.settings));
  state.parts.add(DELIVERY_QUEUES_PART, delivery);
  events.onPublish((event) => delivery.dispatch(event));
  applyEventVariations(events, state.faults);
  // Tolerated variation: a type no catalogue lists follows every event (receivers must accept unknown types, 6.1, 9).
  if (variationOn(state, 'unknown-event-type')) {
    events.onPublish((event) => {
      if (event.type !== UNKNOWN_EVENT_TYPE)
        events.publish({ type: UNKNOWN_EVENT_TYPE, attributes: { notice: `follows event ${event.id}` } });
    });
  }
  app.addHook('onClose', async () => delivery.close());
  return {
    webhooks,
    events,
    delivery,
    webhooksBehaviour: behaviourWith(correctWebhooks, [...webhooksFaults, ...webhooksVariations], state.faults),
    eventsBehaviour: behaviourWith(correctEvents, [...eventsFaults, ...eventsVariations], state.faults),
  };
}
