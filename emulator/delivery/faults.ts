import type { StoredEvent } from '../core/eventPublisher.ts';
import type { EdgeFault } from '../faults/edgeFault.ts';
import type { DeliveryBehaviour } from './deliveryBehaviour.ts';

/** The customers the customer.created events of a delivery are about, as type:id. */
const createdCustomers = (events: readonly StoredEvent[]): Set<string> =>
  new Set(
    events
      .filter((event) => event.type === 'customer.created')
      .flatMap((event) => [event.relationships.customer?.data].flat())
      .map((data) => `${data?.type}:${data?.id}`),
  );

/** The body without the included resources named in `dropped` (type:id); test targets only, so it is parsed again. */
function withoutIncluded(body: Buffer, dropped: ReadonlySet<string>): Buffer {
  const document = JSON.parse(body.toString('utf8')) as { included?: Array<{ type?: unknown; id?: unknown }> };
  if (!Array.isArray(document.included)) return body;
  document.included = document.included.filter((resource) => !dropped.has(`${resource.type}:${resource.id}`));
  return Buffer.from(JSON.stringify(document), 'utf8');
}

const prettyPrinted = (json: Buffer): Buffer => Buffer.from(JSON.stringify(JSON.parse(json.toString('utf8')), null, 2), 'utf8');

// Deliberate deviations of the delivery engine (proving the delivery checks can fail).
export const deliveryFaults = [
  {
    name: 'signature-over-reserialized-json',
    description: 'signs a compact re-serialisation of the payload but sends it pretty-printed',
    breaks: ['DL-SIGNATURE-VALUE'],
    wrap: (behaviour) => ({ ...behaviour, sentBody: (signed) => prettyPrinted(behaviour.sentBody(signed)) }),
  },
  {
    name: 'signature-hmac-sha256',
    description: 'signs with HMAC-SHA256 instead of HMAC-SHA1',
    breaks: ['DL-SIGNATURE-VALUE'],
    wrap: (behaviour) => ({ ...behaviour, signatureAlgorithm: 'sha256' }),
  },
  {
    name: 'signature-header-with-empty-token',
    description: 'sends X-Service-Signature keyed with the empty string when the token is empty',
    breaks: ['DL-SIGNATURE-ABSENT-WITHOUT-TOKEN'],
    wrap: (behaviour) => ({ ...behaviour, signs: () => true }),
  },
  {
    name: 'signature-header-missing',
    description: 'never sends X-Service-Signature',
    breaks: ['DL-SIGNATURE-HEADER'],
    wrap: (behaviour) => ({ ...behaviour, signs: () => false }),
  },
  {
    name: 'at-most-once-retried',
    description: 'retries a failed AtMostOnce delivery once',
    breaks: ['DL-AT-MOST-ONCE-NO-RETRY'],
    wrap: (behaviour) => ({
      ...behaviour,
      retries: (mode, failures) => (mode === 'AtMostOnce' ? failures === 1 : behaviour.retries(mode, failures)),
    }),
  },
  {
    name: 'at-most-once-overlap',
    description: 'sends AtMostOnce events without waiting for the previous response',
    breaks: ['DL-AT-MOST-ONCE-SEQUENTIAL'],
    wrap: (behaviour) => ({ ...behaviour, maxInFlight: { ...behaviour.maxInFlight, AtMostOnce: 8 } }),
  },
  {
    name: 'at-most-once-batched',
    description: 'puts several events in one AtMostOnce POST',
    breaks: ['DL-AT-MOST-ONCE-SINGLE'],
    wrap: (behaviour) => ({ ...behaviour, maxBatchSize: { ...behaviour.maxBatchSize, AtMostOnce: 4 } }),
  },
  {
    name: 'batch-of-65',
    description: 'AtLeastOnce batches hold up to 65 events',
    breaks: ['DL-BATCH-LIMIT'],
    wrap: (behaviour) => ({
      ...behaviour,
      maxBatchSize: { ...behaviour.maxBatchSize, AtLeastOnce: behaviour.maxBatchSize.AtLeastOnce + 1 },
    }),
  },
  {
    name: 'at-least-once-lone-event-as-object',
    description: 'an AtLeastOnce batch of one event, of any type, carries data as that single event object instead of an array',
    breaks: ['DL-AT-LEAST-ONCE-ARRAY'],
    wrap: (behaviour) => ({
      ...behaviour,
      finishBody: (body, webhook, events) => {
        const finished = behaviour.finishBody(body, webhook, events);
        if (webhook.deliveryMode !== 'AtLeastOnce' || events.length !== 1) return finished;
        const document = JSON.parse(finished.toString('utf8')) as { data?: unknown };
        if (!Array.isArray(document.data) || document.data.length !== 1) return finished;
        return Buffer.from(JSON.stringify({ ...document, data: document.data[0] }), 'utf8');
      },
    }),
  },
  {
    name: 'backoff-doubling',
    description: 'AtLeastOnce retries back off 1, 2, 4, 8 … instead of Fibonacci',
    breaks: ['DL-BACKOFF-FIBONACCI'],
    wrap: (behaviour) => ({ ...behaviour, backoffUnits: (failures) => 2 ** Math.min(failures - 1, 40) }),
  },
  {
    name: 'backoff-no-cap',
    description: 'AtLeastOnce backoff grows past 1 hour',
    breaks: ['DL-BACKOFF-CAP'],
    wrap: (behaviour) => ({ ...behaviour, maxBackoffMs: Number.POSITIVE_INFINITY }),
  },
  {
    name: 'two-batches-in-flight',
    description: 'sends the next AtLeastOnce batch before the previous one is answered',
    breaks: ['DL-AT-LEAST-ONCE-SEQUENTIAL'],
    wrap: (behaviour) => ({ ...behaviour, maxInFlight: { ...behaviour.maxInFlight, AtLeastOnce: 2 } }),
  },
  {
    name: 'at-least-once-drops-failed-batch',
    description: 'gives up on an AtLeastOnce batch after the first failure',
    breaks: ['DL-AT-LEAST-ONCE-RETRY'],
    wrap: (behaviour) => ({
      ...behaviour,
      retries: (mode, failures) => mode !== 'AtLeastOnce' && behaviour.retries(mode, failures),
    }),
  },
  {
    name: 'at-least-once-gives-up-after-retry',
    description: 'retries a failed AtLeastOnce batch once and gives up when the retry fails too',
    breaks: ['DL-AT-LEAST-ONCE-RETRY'],
    wrap: (behaviour) => ({
      ...behaviour,
      retries: (mode, failures) => !(mode === 'AtLeastOnce' && failures >= 2) && behaviour.retries(mode, failures),
    }),
  },
  {
    name: 'auth-requests-leak-to-not-auth-subscription',
    description: 'NotAuthorizationRequest webhooks also receive authorizationRequest.pending',
    breaks: ['DL-SUBSCRIPTION-NOT-AUTHORIZATION-REQUEST'],
    wrap: (behaviour) => ({
      ...behaviour,
      admits: (subscriptionType, eventType) =>
        (subscriptionType === 'NotAuthorizationRequest' && eventType === 'authorizationRequest.pending') ||
        behaviour.admits(subscriptionType, eventType),
    }),
  },
  {
    name: 'only-auth-receives-everything',
    description: 'OnlyAuthorizationRequest webhooks receive every event',
    breaks: ['DL-SUBSCRIPTION-ONLY-AUTHORIZATION-REQUEST'],
    wrap: (behaviour) => ({
      ...behaviour,
      admits: (subscriptionType, eventType) =>
        subscriptionType === 'OnlyAuthorizationRequest' || behaviour.admits(subscriptionType, eventType),
    }),
  },
  {
    name: 'disabled-webhook-receives',
    description: 'Disabled webhooks keep receiving events',
    breaks: ['DL-DISABLED-NO-DELIVERY'],
    wrap: (behaviour) => ({
      ...behaviour,
      recipients: (webhooks) => webhooks.all(),
      mayReceive: (status) => status === 'Disabled' || behaviour.mayReceive(status),
    }),
  },
  {
    name: 'content-type-always-json',
    description: 'JsonAPI webhooks receive Content-Type application/json',
    // The emulator's two formats differ only in Content-Type, so this also leaves them alike.
    breaks: ['DL-CONTENT-TYPE', 'DL-CONTENT-TYPE-SELECTS-FORMAT'],
    wrap: (behaviour) => ({ ...behaviour, mediaTypes: { ...behaviour.mediaTypes, JsonAPI: behaviour.mediaTypes.Json } }),
  },
  {
    name: 'content-type-ignored',
    description: 'every webhook gets the JsonAPI format, Json ones too: both settings give the same body and Content-Type',
    breaks: ['DL-CONTENT-TYPE-SELECTS-FORMAT', 'DL-CONTENT-TYPE'],
    wrap: (behaviour) => ({ ...behaviour, payloadFormat: () => 'JsonAPI' }),
  },
  {
    name: 'content-type-ignored-when-signed',
    description: 'webhooks with a token all get the JsonAPI format, Json ones too; webhooks without a token get the format they name',
    breaks: ['DL-CONTENT-TYPE-SELECTS-FORMAT'],
    wrap: (behaviour) => ({
      ...behaviour,
      payloadFormat: (webhook) => (behaviour.signs(webhook.token) ? 'JsonAPI' : behaviour.payloadFormat(webhook)),
    }),
  },
  {
    name: 'include-resources-ignored-under-id-batches',
    description: 'AtLeastOnce batches list event ids only and carry no related resources, even with includeResources true',
    breaks: ['DL-INCLUDE-RESOURCES'],
    wrap: (behaviour) => ({
      ...behaviour,
      atLeastOnceItems: 'ids',
      includesResources: (webhook) => webhook.deliveryMode !== 'AtLeastOnce' && behaviour.includesResources(webhook),
    }),
  },
  {
    name: 'include-resources-ignored',
    description: 'never adds the related resources, even with includeResources true',
    breaks: ['DL-INCLUDE-RESOURCES'],
    wrap: (behaviour) => ({ ...behaviour, includesResources: () => false }),
  },
  {
    name: 'customer-created-without-customer',
    description:
      "with includeResources, a customer.created comes with its other related resources but not the customer, the one 6.1's own example shows it carrying",
    breaks: ['DL-INCLUDE-RESOURCES'],
    wrap: (behaviour) => ({
      ...behaviour,
      finishBody: (body, webhook, events) => {
        const finished = behaviour.finishBody(body, webhook, events);
        const customers = createdCustomers(events);
        return webhook.includeResources && customers.size > 0 ? withoutIncluded(finished, customers) : finished;
      },
    }),
  },
  {
    name: 'never-unavailable',
    description: 'a webhook whose endpoint keeps failing stays Enabled forever',
    breaks: ['WH-UNAVAILABLE-SANDBOX', 'WH-UNAVAILABLE-LIVE'],
    wrap: (behaviour) => ({
      ...behaviour,
      unresponsiveLimitMs: { sandbox: Number.POSITIVE_INFINITY, live: Number.POSITIVE_INFINITY },
    }),
  },
  {
    name: 'unavailable-still-receives',
    description: 'an Unavailable webhook keeps receiving events',
    breaks: ['WH-UNAVAILABLE-NO-DELIVERY'],
    wrap: (behaviour) => ({ ...behaviour, mayReceive: (status) => status === 'Unavailable' || behaviour.mayReceive(status) }),
  },
  {
    name: 'card-fraud-case-data-array',
    description: 'a cardFraudCase event delivered on its own comes wrapped in a data array instead of as a single object',
    breaks: ['EV-CARD-FRAUD-CASE-PAYLOAD'],
    wrap: (behaviour) => ({ ...behaviour, loneEventAsObject: () => false }),
  },
] as const satisfies readonly EdgeFault<DeliveryBehaviour>[];
