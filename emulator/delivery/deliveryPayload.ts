import type { StoredEvent } from '../core/eventPublisher.ts';
import type { FaultHolder } from '../faults/faultSwitch.ts';
import type { Webhook } from '../webhooks/webhookModel.ts';
import { variationOn, withZeroOffsetTimestamps } from '../faults/toleratedVariations.ts';
import { SIGNATURE_HEADER } from '../../spec/webhookDelivery.ts';
import type { DeliveryBehaviour } from './deliveryBehaviour.ts';
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
function dataOf(events: readonly StoredEvent[], behaviour: DeliveryBehaviour): Buffer[] {
  const [only] = events;
  const single = events.length === 1 && only !== undefined && behaviour.loneEventAsObject(only.type);
  return single ? [only.jsonBytes] : jsonArray(events);
}

/** The body as JSON bytes, from the events' texts rendered when they were stored. */
function documentBody(webhook: Webhook, events: readonly StoredEvent[], behaviour: DeliveryBehaviour, variations: FaultHolder): Buffer {
  // Tolerated variation: AtLeastOnce batches in another envelope (6.1: "not shown").
  const pieces =
    webhook.deliveryMode === 'AtLeastOnce' && variationOn(variations, 'at-least-once-events-envelope')
      ? [bytes('{"events":'), ...jsonArray(events)]
      : [bytes('{"data":'), ...dataOf(events, behaviour)];
  if (behaviour.includesResources(webhook)) {
    const included = includedOf(events);
    if (included.length > 0) pieces.push(bytes(`,"included":${JSON.stringify(included)}`));
  }
  pieces.push(CLOSE_OBJECT);
  return Buffer.concat(pieces);
}

/** Tolerated variations reshape the body (test targets only, so the parse is off the hot path). */
function withDeliveryVariations(
  body: Buffer,
  webhook: Webhook,
  events: readonly StoredEvent[],
  behaviour: DeliveryBehaviour,
  variations: FaultHolder,
): Buffer {
  // Under Json (envelope not shown, 6.1) each event carries its own resources.
  const inside = webhook.includeResources && webhook.contentType === 'Json' && variationOn(variations, 'json-included-inside-events');
  const zeroOffset = variationOn(variations, 'timestamps-with-zero-offset');
  if (!inside && !zeroOffset) return body;
  const document = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  if (inside && behaviour.includesResources(webhook)) {
    delete document.included;
    placeInsideEvents(document, events);
  }
  if (zeroOffset) withZeroOffsetTimestamps(document);
  return bytes(JSON.stringify(document));
}

export function buildDeliveryRequest(
  webhook: Webhook,
  events: readonly StoredEvent[],
  behaviour: DeliveryBehaviour,
  variations: FaultHolder,
): DeliveryRequest {
  const signed = withDeliveryVariations(documentBody(webhook, events, behaviour, variations), webhook, events, behaviour, variations);
  const headers: Record<string, string> = { 'content-type': behaviour.mediaTypes[webhook.contentType] };
  if (behaviour.signs(webhook.token)) {
    headers[SIGNATURE_HEADER.toLowerCase()] = signPayload(webhook.token, signed, behaviour.signatureAlgorithm);
  }
  return { body: behaviour.sentBody(signed), headers };
}
