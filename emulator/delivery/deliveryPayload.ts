import { resourceKey, type StoredEvent } from '../core/eventPublisher.ts';
import type { Webhook } from '../webhooks/webhookModel.ts';
import { SIGNATURE_HEADER } from '../../contract/facts/webhookDelivery.ts';
import type { DeliveryBehaviour } from './deliveryBehaviour.ts';
import { signPayload } from './payloadSignature.ts';

// One POST body and its headers (5.3, 6.1). Both delivery modes use the envelope
// {"data": [event, ...]}, except a card fraud case event sent on its own, whose
// data is the single event object (Event Catalog, "Card fraud cases"); with
// includeResources the related resources travel as JSON:API `included`. An
// AtLeastOnce batch may list only the ids (6.1 "an array of event ids"), its
// related resources included all the same. The signature covers exactly the bytes sent.

export interface DeliveryRequest {
  body: Buffer;
  headers: Record<string, string>;
}

function includedOf(events: readonly StoredEvent[]): unknown[] {
  const seen = new Set<string>();
  const included: unknown[] = [];
  for (const event of events) {
    for (const resource of event.included) {
      const key = resourceKey(resource);
      if (seen.has(key)) continue;
      seen.add(key);
      included.push(resource);
    }
  }
  return included;
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
function documentBody(webhook: Webhook, events: readonly StoredEvent[], behaviour: DeliveryBehaviour): Buffer {
  const batch = webhook.deliveryMode === 'AtLeastOnce';
  const member = batch && behaviour.atLeastOnceEnvelope === 'events' ? 'events' : 'data';
  const listed =
    batch && behaviour.atLeastOnceItems === 'ids'
      ? [bytes(JSON.stringify(events.map((event) => event.id)))]
      : member === 'events'
        ? jsonArray(events)
        : dataOf(events, behaviour);
  const pieces = [bytes(`{"${member}":`), ...listed];
  if (behaviour.includesResources(webhook)) {
    const included = includedOf(events);
    if (included.length > 0) pieces.push(bytes(`,"included":${JSON.stringify(included)}`));
  }
  pieces.push(CLOSE_OBJECT);
  return Buffer.concat(pieces);
}

export function buildDeliveryRequest(webhook: Webhook, events: readonly StoredEvent[], behaviour: DeliveryBehaviour): DeliveryRequest {
  const signed = behaviour.finishBody(documentBody(webhook, events, behaviour), webhook, events);
  const headers: Record<string, string> = { 'content-type': behaviour.mediaTypes[behaviour.payloadFormat(webhook)] };
  if (behaviour.signs(webhook.token)) {
    headers[SIGNATURE_HEADER.toLowerCase()] = signPayload(webhook.token, signed, behaviour.signatureAlgorithm);
  }
  return { body: behaviour.sentBody(signed), headers };
}
