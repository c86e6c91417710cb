import type { Environment } from '../core/domain.ts';
import type { StoredEvent } from '../core/eventPublisher.ts';
import {
  admits,
  type ContentType,
  type DeliveryMode,
  type SubscriptionType,
  UNRESPONSIVE_LIMIT_MS,
  type Webhook,
  type WebhookStatus,
} from '../webhooks/webhookModel.ts';
import type { WebhookRegistry } from '../webhooks/webhookRegistry.ts';
import { DELIVERY_MEDIA_TYPES } from '../../contract/facts/mediaTypes.ts';
import { fibonacciUnits, MAX_BACKOFF_MS, MAX_BATCH_SIZE } from './deliverySettings.ts';

// Where a delivery implementation could go wrong, as the engine and the payload
// ask it. Seeded faults (faults.ts) each wrap this with their one deviation.

export interface DeliveryBehaviour {
  /** 3.2: new events go to Enabled webhooks only. */
  readonly recipients: (webhooks: WebhookRegistry) => Iterable<Webhook>;
  /** 6.1: the event types a subscription type receives. */
  readonly admits: (subscriptionType: SubscriptionType, eventType: string) => boolean;
  /** 3.2: a Disabled or Unavailable webhook receives nothing; its queued batches wait until it is Enabled again. */
  readonly mayReceive: (status: WebhookStatus) => boolean;
  /** 6.1: one batch per webhook in flight, the next sent only once the previous one is answered. */
  readonly maxInFlight: Readonly<Record<DeliveryMode, number>>;
  /** 6.1, 8: AtMostOnce posts one event at a time, AtLeastOnce batches of at most 64. */
  readonly maxBatchSize: Readonly<Record<DeliveryMode, number>>;
  /** 6.1: after a failure an AtMostOnce batch is dropped; an AtLeastOnce batch is retried until it succeeds. */
  readonly retries: (mode: DeliveryMode, failures: number) => boolean;
  /** 6.1: the backoff units before the retry after the n-th failure grow along Fibonacci. */
  readonly backoffUnits: (failures: number) => number;
  /** 6.1, 8: "Maximum pause between retries 1 hour". */
  readonly maxBackoffMs: number;
  /** 3.2, 8: an endpoint failing this long (2 days sandbox, 7 days live) makes the webhook Unavailable. */
  readonly unresponsiveLimitMs: Readonly<Record<Environment, number>>;
  /** Event Catalog "Card fraud cases": the payload data of such an event sent on its own is a single object. */
  readonly loneEventAsObject: (eventType: string) => boolean;
  /** 2.6, 6.1: with includeResources the related resources travel with the events. */
  readonly includesResources: (webhook: Webhook) => boolean;
  /** 6.1: the member an AtLeastOnce batch carries its events under (the envelope of a batch: not shown). */
  readonly atLeastOnceEnvelope: 'data' | 'events';
  /** 6.1: an AtLeastOnce batch is "an array of event ids"; full events name their ids too. */
  readonly atLeastOnceItems: 'events' | 'ids';
  /** 6.1: the webhook's contentType selects the format of its payload. */
  readonly payloadFormat: (webhook: Webhook) => ContentType;
  /** 6.1: the body as made from the stored events; tolerated variations reshape it here, before it is signed. */
  readonly finishBody: (body: Buffer, webhook: Webhook, events: readonly StoredEvent[]) => Buffer;
  /** 6.1, 9: the Content-Type of a delivery follows the webhook's contentType. */
  readonly mediaTypes: Readonly<Record<ContentType, string>>;
  /** 5.3: the signature covers exactly the bytes sent. */
  readonly sentBody: (signed: Buffer) => Buffer;
  /** 2.6, 5.3: a webhook with a token gets the signature header, one without gets none. */
  readonly signs: (token: string) => boolean;
  /** 5.3: the signature is base64(HMAC-SHA1(token, raw body)). */
  readonly signatureAlgorithm: 'sha1' | 'sha256';
  /**
   * 6.1: "delays can occur under load": real time a delivery waits before it leaves (a queue in
   * front of the delivery workers, a sandbox far away). It counts as in flight meanwhile.
   */
  readonly departureDelayMs: (webhook: Webhook) => number;
}

const CARD_FRAUD_CASE = /^cardFraudCase\./;

export const correctDelivery: DeliveryBehaviour = {
  recipients: (webhooks) => webhooks.enabledWebhooks(),
  admits,
  mayReceive: (status) => status === 'Enabled',
  maxInFlight: { AtMostOnce: 1, AtLeastOnce: 1 },
  maxBatchSize: { AtMostOnce: 1, AtLeastOnce: MAX_BATCH_SIZE },
  retries: (mode) => mode === 'AtLeastOnce',
  backoffUnits: fibonacciUnits,
  maxBackoffMs: MAX_BACKOFF_MS,
  unresponsiveLimitMs: UNRESPONSIVE_LIMIT_MS,
  loneEventAsObject: (eventType) => CARD_FRAUD_CASE.test(eventType),
  includesResources: (webhook) => webhook.includeResources,
  atLeastOnceEnvelope: 'data',
  atLeastOnceItems: 'events',
  payloadFormat: (webhook) => webhook.contentType,
  finishBody: (body) => body,
  mediaTypes: DELIVERY_MEDIA_TYPES,
  sentBody: (signed) => signed,
  signs: (token) => token !== '',
  signatureAlgorithm: 'sha1',
  departureDelayMs: () => 0,
};
