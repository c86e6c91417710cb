import type { SeededFault } from '../faults/seededFault.ts';

// Deliberate deviations of the delivery engine (proving the delivery checks can fail).
export const deliveryFaults = [
  {
    name: 'signature-over-reserialized-json',
    description: 'signs a compact re-serialisation of the payload but sends it pretty-printed',
    breaks: ['DL-SIGNATURE-VALUE'],
  },
  { name: 'signature-hmac-sha256', description: 'signs with HMAC-SHA256 instead of HMAC-SHA1', breaks: ['DL-SIGNATURE-VALUE'] },
  {
    name: 'signature-header-with-empty-token',
    description: 'sends X-Service-Signature keyed with the empty string when the token is empty',
    breaks: ['DL-SIGNATURE-ABSENT-WITHOUT-TOKEN'],
  },
  { name: 'signature-header-missing', description: 'never sends X-Service-Signature', breaks: ['DL-SIGNATURE-HEADER'] },
  { name: 'at-most-once-retried', description: 'retries a failed AtMostOnce delivery once', breaks: ['DL-AT-MOST-ONCE-NO-RETRY'] },
  {
    name: 'at-most-once-overlap',
    description: 'sends AtMostOnce events without waiting for the previous response',
    breaks: ['DL-AT-MOST-ONCE-SEQUENTIAL'],
  },
  { name: 'at-most-once-batched', description: 'puts several events in one AtMostOnce POST', breaks: ['DL-AT-MOST-ONCE-SINGLE'] },
  { name: 'batch-of-65', description: 'AtLeastOnce batches hold up to 65 events', breaks: ['DL-BATCH-LIMIT'] },
  {
    name: 'backoff-doubling',
    description: 'AtLeastOnce retries back off 1, 2, 4, 8 … instead of Fibonacci',
    breaks: ['DL-BACKOFF-FIBONACCI'],
  },
  { name: 'backoff-no-cap', description: 'AtLeastOnce backoff grows past 1 hour', breaks: ['DL-BACKOFF-CAP'] },
  {
    name: 'two-batches-in-flight',
    description: 'sends the next AtLeastOnce batch before the previous one is answered',
    breaks: ['DL-AT-LEAST-ONCE-SEQUENTIAL'],
  },
  {
    name: 'at-least-once-drops-failed-batch',
    description: 'gives up on an AtLeastOnce batch after the first failure',
    breaks: ['DL-AT-LEAST-ONCE-RETRY'],
  },
  {
    name: 'at-least-once-gives-up-after-retry',
    description: 'retries a failed AtLeastOnce batch once and gives up when the retry fails too',
    breaks: ['DL-AT-LEAST-ONCE-RETRY'],
  },
  {
    name: 'auth-requests-leak-to-not-auth-subscription',
    description: 'NotAuthorizationRequest webhooks also receive authorizationRequest.pending',
    breaks: ['DL-SUBSCRIPTION-NOT-AUTHORIZATION-REQUEST'],
  },
  {
    name: 'only-auth-receives-everything',
    description: 'OnlyAuthorizationRequest webhooks receive every event',
    breaks: ['DL-SUBSCRIPTION-ONLY-AUTHORIZATION-REQUEST'],
  },
  { name: 'disabled-webhook-receives', description: 'Disabled webhooks keep receiving events', breaks: ['DL-DISABLED-NO-DELIVERY'] },
  { name: 'content-type-always-json', description: 'JsonAPI webhooks receive Content-Type application/json', breaks: ['DL-CONTENT-TYPE'] },
  {
    name: 'include-resources-ignored',
    description: 'never adds the related resources, even with includeResources true',
    breaks: ['DL-INCLUDE-RESOURCES'],
  },
  {
    name: 'never-unavailable',
    description: 'a webhook whose endpoint keeps failing stays Enabled forever',
    breaks: ['WH-UNAVAILABLE-SANDBOX', 'WH-UNAVAILABLE-LIVE'],
  },
  {
    name: 'unavailable-still-receives',
    description: 'an Unavailable webhook keeps receiving events',
    breaks: ['WH-UNAVAILABLE-NO-DELIVERY'],
  },
  {
    name: 'card-fraud-case-data-array',
    description: 'a cardFraudCase event delivered on its own comes wrapped in a data array instead of as a single object',
    breaks: ['EV-CARD-FRAUD-CASE-PAYLOAD'],
  },
] as const satisfies readonly SeededFault[];

export type DeliveryFault = (typeof deliveryFaults)[number]['name'];
