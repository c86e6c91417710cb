import type { StoredEvent } from '../core/eventPublisher.ts';
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
  const rendered = [document.data, document.events]
    .flat()
    .filter((event): event is Record<string, unknown> => Boolean(event) && typeof event === 'object');
  rendered.forEach((event, index) => {
    const own = events[index]?.included ?? [];
    if (own.length > 0) event.included = own;
  });
}

const CARD_FRAUD_CASE = /^cardFraudCase\./;

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');
const COMMA = bytes(',');
const OPEN_ARRAY = bytes('[');
const CLOSE_ARRAY = bytes(']');
const CLOSE_OBJECT = bytes('}');

/** The events as a JSON array, made of the bytes stored for each: none decoded and encoded again. */
function jsonArray(events: readonly StoredEvent[]): Buffer[] {
  const pieces = [OPEN_ARRAY];
  events.forEach((event, index) => {
    if (index > 0) pieces.push(COMMA);
    pieces.push(event.jsonBytes);
  });
  pieces.push(CLOSE_ARRAY);
  return pieces;
}

/** Event Catalog "Card fraud cases": payload data is a single object. A batch of several stays an array. */
function dataOf(events: readonly StoredEvent[], faults: FaultHolder): Buffer[] {
  const [only] = events;
  const single = events.length === 1 && only !== undefined && CARD_FRAUD_CASE.test(only.type);
  return single && !deliveryFaultOn(faults, 'card-fraud-case-data-array') ? [only.jsonBytes] : jsonArray(events);
}

/** The body as JSON bytes, from the events' texts rendered when they were stored. */
function documentBody(webhook: Webhook, events: readonly StoredEvent[], faults: FaultHolder): Buffer {
  // Tolerated variation: AtLeastOnce batches in another envelope (6.1: "not shown").
  const pieces =
    webhook.deliveryMode === 'AtLeastOnce' && variationOn(faults, 'at-least-once-events-envelope')
      ? [bytes('{"events":'), ...jsonArray(events)]
      : [bytes('{"data":'), ...dataOf(events, faults)];
  if (webhook.includeResources && !deliveryFaultOn(faults, 'include-resources-ignored')) {
    const included = includedOf(events);
    if (included.length > 0) pieces.push(bytes(`,"included":${JSON.stringify(included)}`));
  }
  pieces.push(CLOSE_OBJECT);
  return Buffer.concat(pieces);
}

/** Tolerated variations reshape the body (test targets only, so the parse is off the hot path). */
function withDeliveryVariations(body: Buffer, webhook: Webhook, events: readonly StoredEvent[], faults: FaultHolder): Buffer {
  // Under Json (envelope not shown, 6.1) each event carries its own resources.
  const inside = webhook.includeResources && webhook.contentType === 'Json' && variationOn(faults, 'json-included-inside-events');
  const zeroOffset = variationOn(faults, 'timestamps-with-zero-offset');
  if (!inside && !zeroOffset) return body;
  const document = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  if (inside && !deliveryFaultOn(faults, 'include-resources-ignored')) {
    delete document.included;
    placeInsideEvents(document, events);
  }
  if (zeroOffset) withZeroOffsetTimestamps(document);
  return bytes(JSON.stringify(document));
}

export function buildDeliveryRequest(webhook: Webhook, events: readonly StoredEvent[], faults: FaultHolder): DeliveryRequest {
  const compact = withDeliveryVariations(documentBody(webhook, events, faults), webhook, events, faults);
  const reserialized = deliveryFaultOn(faults, 'signature-over-reserialized-json');
  const body = reserialized ? bytes(JSON.stringify(JSON.parse(compact.toString('utf8')), null, 2)) : compact;
  const mediaType = deliveryFaultOn(faults, 'content-type-always-json') ? MEDIA_TYPES.Json : MEDIA_TYPES[webhook.contentType];
  const headers: Record<string, string> = { 'content-type': mediaType };
  const signs = webhook.token !== '' || deliveryFaultOn(faults, 'signature-header-with-empty-token');
  if (signs && !deliveryFaultOn(faults, 'signature-header-missing')) {
    const algorithm = deliveryFaultOn(faults, 'signature-hmac-sha256') ? 'sha256' : 'sha1';
    headers[SIGNATURE_HEADER.toLowerCase()] = signPayload(webhook.token, reserialized ? compact : body, algorithm);
  }
  return { body, headers };
}
