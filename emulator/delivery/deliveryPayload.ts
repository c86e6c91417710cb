import type { StoredEvent } from '../core/eventPublisher.ts';
import { renderEvent } from '../events/eventRendering.ts';
import type { FaultHolder } from '../faults/faultSwitch.ts';
import type { Webhook } from '../webhooks/webhookModel.ts';
import { deliveryFaultOn } from './faultSwitch.ts';
import { SIGNATURE_HEADER, signPayload } from './payloadSignature.ts';

// One POST body and its headers (5.3, 6.1). Both delivery modes use the envelope
// {"data": [event, ...]}; with includeResources the related resources travel
// as JSON:API `included`. The signature covers exactly the bytes sent.

export interface DeliveryRequest {
  body: Buffer;
  headers: Record<string, string>;
}

const MEDIA_TYPES = { Json: 'application/json', JsonAPI: 'application/vnd.api+json' } as const;

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

export function buildDeliveryRequest(webhook: Webhook, events: readonly StoredEvent[], active: FaultHolder): DeliveryRequest {
  const document: Record<string, unknown> = { data: events.map(renderEvent) };
  if (webhook.includeResources && !deliveryFaultOn(active, 'include-resources-ignored')) {
    const included = includedOf(events);
    if (included.length > 0) document.included = included;
  }
  const compact = JSON.stringify(document);
  const reserialized = deliveryFaultOn(active, 'signature-over-reserialized-json');
  const body = Buffer.from(reserialized ? JSON.stringify(document, null, 2) : compact, 'utf8');
  const mediaType = deliveryFaultOn(active, 'content-type-always-json') ? MEDIA_TYPES.Json : MEDIA_TYPES[webhook.contentType];
  const headers: Record<string, string> = { 'content-type': mediaType };
  const signs = webhook.token !== '' || deliveryFaultOn(active, 'signature-header-with-empty-token');
  if (signs && !deliveryFaultOn(active, 'signature-header-missing')) {
    const algorithm = deliveryFaultOn(active, 'signature-hmac-sha256') ? 'sha256' : 'sha1';
    headers[SIGNATURE_HEADER.toLowerCase()] = signPayload(webhook.token, reserialized ? compact : body, algorithm);
  }
  return { body, headers };
}
