import type { StoredEvent } from '../core/eventPublisher.ts';
import { renderEvent } from '../events/eventRendering.ts';
import type { FaultHolder } from '../faults/faultSwitch.ts';
import type { Webhook } from '../webhooks/webhookModel.ts';
import { variationOn, withZeroOffsetTimestamps } from '../faults/toleratedVariations.ts';
import { deliveryFaultOn } from './faultSwitch.ts';
import { DELIVERY_MEDIA_TYPES as MEDIA_TYPES } from '../../spec/mediaTypes.ts';
import { SIGNATURE_HEADER } from '../../spec/webhookDelivery.ts';
import { signPayload } from './payloadSignature.ts';

// One POST body and its headers (5.3, 6.1). Both delivery modes use the envelope
// {"data": [event, ...]}, except a card fraud case event sent on its own, whose
// data is the single event object (Event Catalog, "Card fraud cases"); with
// includeResources the related resources travel as JSON:API `included`. The
// signature covers exactly the bytes sent.

export interface DeliveryRequest {
  body: Buffer;
  headers: Record<string, string>;
}

function includedOf(events: readonly StoredEvent[]): unknown[] {
  const seen = new Set<string>();
  const included: unknown[] = [];
  for (const event of events) {
    for (const resource of event.included) {
      const { type, id } = (resource ?? {}) as { type?: unknown; id?: unknown };
      const key = `${String(type)}\u0000${String(id)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      included.push(resource);
    }
  }
  return included;
}

function placeInsideEvents(document: Record<string, unknown>, events: readonly StoredEvent[]): void {
  const rendered = [document.data, document.events].flat().filter((event): event is Record<string, unknown> => Boolean(event) && typeof event === 'object');
  rendered.forEach((event, index) => {
    const own = events[index]?.included ?? [];
    if (own.length > 0) event.included = own;
  });
}

const CARD_FRAUD_CASE = /^cardFraudCase\./;

/** Event Catalog "Card fraud cases": payload data is a single object. A batch of several stays an array. */
function dataOf(events: readonly StoredEvent[], faults: FaultHolder): unknown {
  const [only] = events;
  const single = events.length === 1 && only !== undefined && CARD_FRAUD_CASE.test(only.type);
  return single && !deliveryFaultOn(faults, 'card-fraud-case-data-array') ? renderEvent(only) : events.map(renderEvent);
}

export function buildDeliveryRequest(webhook: Webhook, events: readonly StoredEvent[], faults: FaultHolder): DeliveryRequest {
  // Tolerated variation: AtLeastOnce batches in another envelope (6.1: "not shown").
  const document: Record<string, unknown> = webhook.deliveryMode === 'AtLeastOnce' && variationOn(faults, 'at-least-once-events-envelope')
    ? { events: events.map(renderEvent) }
    : { data: dataOf(events, faults) };
  if (webhook.includeResources && !deliveryFaultOn(faults, 'include-resources-ignored')) {
    const included = includedOf(events);
    // Tolerated variation: under Json (envelope not shown, 6.1) each event carries its own resources.
    if (webhook.contentType === 'Json' && variationOn(faults, 'json-included-inside-events')) placeInsideEvents(document, events);
    else if (included.length > 0) document.included = included;
  }
  if (variationOn(faults, 'timestamps-with-zero-offset')) withZeroOffsetTimestamps(document);
  const compact = JSON.stringify(document);
  const reserialized = deliveryFaultOn(faults, 'signature-over-reserialized-json');
  const body = Buffer.from(reserialized ? JSON.stringify(document, null, 2) : compact, 'utf8');
  const mediaType = deliveryFaultOn(faults, 'content-type-always-json') ? MEDIA_TYPES.Json : MEDIA_TYPES[webhook.contentType];
  const headers: Record<string, string> = { 'content-type': mediaType };
  const signs = webhook.token !== '' || deliveryFaultOn(faults, 'signature-header-with-empty-token');
  if (signs && !deliveryFaultOn(faults, 'signature-header-missing')) {
    const algorithm = deliveryFaultOn(faults, 'signature-hmac-sha256') ? 'sha256' : 'sha1';
    headers[SIGNATURE_HEADER.toLowerCase()] = signPayload(webhook.token, reserialized ? compact : body, algorithm);
  }
  return { body, headers };
}
