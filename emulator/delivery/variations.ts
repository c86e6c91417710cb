import type { StoredEvent } from '../core/eventPublisher.ts';
import type { EdgeVariation } from '../faults/edgeFault.ts';
import { withZeroOffsetTimestamps } from '../faults/toleratedVariations.ts';
import type { DeliveryBehaviour } from './deliveryBehaviour.ts';

// The tolerated variations (emulator/faults/toleratedVariations.ts) the delivery
// area applies, each a wrapper of its behaviour like a seeded fault. Those that
// reshape a body parse it again: test targets only, off the hot path.

const SECONDS_PER_MINUTE = 60;
/** A far sandbox, or a queue in front of the delivery workers: every delivery leaves this late. */
const EVERY_DELIVERY_LAG_MS = 1500;
/** A delivery worker warming up for a new webhook: its first delivery leaves this late. */
const FIRST_DELIVERY_LAG_MS = 4000;
/** A queue that stalls once: this delivery to each webhook (a retry, where its first batch keeps failing) leaves late. */
const SPIKE_AT = 8;
const SPIKE_LAG_MS = 3000;

const parsed = (body: Buffer): Record<string, unknown> => JSON.parse(body.toString('utf8')) as Record<string, unknown>;
const serialised = (document: Record<string, unknown>): Buffer => Buffer.from(JSON.stringify(document), 'utf8');

/** Each rendered event of the body gets its own related resources. */
function placeInsideEvents(document: Record<string, unknown>, events: readonly StoredEvent[]): void {
  const rendered = [document.data, document.events]
    .flat()
    .filter((event): event is Record<string, unknown> => Boolean(event) && typeof event === 'object');
  rendered.forEach((event, index) => {
    const own = events[index]?.included ?? [];
    if (own.length > 0) event.included = own;
  });
}

export const deliveryVariations = [
  { name: 'at-least-once-events-envelope', wrap: (behaviour) => ({ ...behaviour, atLeastOnceEnvelope: 'events' }) },
  { name: 'at-least-once-id-batches', wrap: (behaviour) => ({ ...behaviour, atLeastOnceItems: 'ids' }) },
  {
    name: 'json-included-inside-events',
    // Under Json (envelope not shown, 6.1) each event carries its own resources.
    wrap: (behaviour) => ({
      ...behaviour,
      finishBody: (body, webhook, events) => {
        const finished = behaviour.finishBody(body, webhook, events);
        if (!(webhook.includeResources && webhook.contentType === 'Json' && behaviour.includesResources(webhook))) return finished;
        const document = parsed(finished);
        delete document.included;
        placeInsideEvents(document, events);
        return serialised(document);
      },
    }),
  },
  {
    name: 'delivery-lag-every',
    wrap: (behaviour) => ({ ...behaviour, departureDelayMs: (webhook) => behaviour.departureDelayMs(webhook) + EVERY_DELIVERY_LAG_MS }),
  },
  {
    name: 'delivery-lag-first',
    wrap: (behaviour) => {
      const delivered = new Set<string>();
      return {
        ...behaviour,
        departureDelayMs: (webhook) => {
          const first = !delivered.has(webhook.id);
          delivered.add(webhook.id);
          return behaviour.departureDelayMs(webhook) + (first ? FIRST_DELIVERY_LAG_MS : 0);
        },
      };
    },
  },
  {
    name: 'delivery-lag-spike',
    wrap: (behaviour) => {
      const sends = new Map<string, number>();
      return {
        ...behaviour,
        departureDelayMs: (webhook) => {
          const count = (sends.get(webhook.id) ?? 0) + 1;
          sends.set(webhook.id, count);
          return behaviour.departureDelayMs(webhook) + (count === SPIKE_AT ? SPIKE_LAG_MS : 0);
        },
      };
    },
  },
  {
    name: 'backoff-unit-minute',
    // The engine counts units of a second: sixty of them make the minute, still under its 1-hour cap.
    wrap: (behaviour) => ({ ...behaviour, backoffUnits: (failures) => behaviour.backoffUnits(failures) * SECONDS_PER_MINUTE }),
  },
  {
    name: 'timestamps-with-zero-offset',
    wrap: (behaviour) => ({
      ...behaviour,
      finishBody: (body, webhook, events) => {
        const document = parsed(behaviour.finishBody(body, webhook, events));
        withZeroOffsetTimestamps(document);
        return serialised(document);
      },
    }),
  },
] as const satisfies readonly EdgeVariation<DeliveryBehaviour>[];
