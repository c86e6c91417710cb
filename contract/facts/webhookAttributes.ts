// The vocabulary of a webhook subscription (API 2.6), written once for the
// emulator (which keeps webhooks), the suites (which make them) and the receiver
// command (which plays the platform's side for one).

export const CONTENT_TYPES = ['Json', 'JsonAPI'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const DELIVERY_MODES = ['AtMostOnce', 'AtLeastOnce'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

export const SUBSCRIPTION_TYPES = ['All', 'OnlyAuthorizationRequest', 'NotAuthorizationRequest'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

export const WEBHOOK_STATUSES = ['Enabled', 'Disabled', 'Unavailable'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
