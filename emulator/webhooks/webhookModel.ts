// The webhook subscription (API 2.6, 3.2) as the emulator keeps it.

import type { ContentType, DeliveryMode, SubscriptionType, WebhookStatus } from '../../contract/facts/webhookAttributes.ts';

export {
  CONTENT_TYPES,
  type ContentType,
  DELIVERY_MODES,
  type DeliveryMode,
  SUBSCRIPTION_TYPES,
  type SubscriptionType,
  WEBHOOK_STATUSES,
  type WebhookStatus,
} from '../../contract/facts/webhookAttributes.ts';

export interface Webhook {
  id: string;
  /** Numeric form of id, for filter[fromId]/filter[toId] (4.3). */
  seq: number;
  /** Emulator-clock milliseconds. */
  createdAt: number;
  label: string;
  url: string;
  /** Empty string when unset (2.6). */
  token: string;
  contentType: ContentType;
  deliveryMode: DeliveryMode;
  includeResources: boolean;
  subscriptionType: SubscriptionType;
  status: WebhookStatus;
}

/** Section 6.1: the event types an OnlyAuthorizationRequest subscription receives. */
export const AUTHORIZATION_REQUEST_EVENTS: ReadonlySet<string> = new Set([
  'authorizationRequest.pending',
  'authorizationRequest.approved',
  'authorizationRequest.declined',
]);

export function admits(subscriptionType: SubscriptionType, eventType: string): boolean {
  if (subscriptionType === 'All') return true;
  const isAuthorizationRequest = AUTHORIZATION_REQUEST_EVENTS.has(eventType);
  return subscriptionType === 'OnlyAuthorizationRequest' ? isAuthorizationRequest : !isAuthorizationRequest;
}

/** Section 3.2 / 8: how long an endpoint may stay unresponsive before the webhook becomes Unavailable. */
export const UNRESPONSIVE_LIMIT_MS = {
  sandbox: 2 * 24 * 60 * 60 * 1000,
  live: 7 * 24 * 60 * 60 * 1000,
} as const;

/** Section 4.3 / 8: sandbox only. */
export const SANDBOX_ENABLED_LIMIT = 100;
