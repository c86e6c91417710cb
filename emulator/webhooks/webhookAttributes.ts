import { invalid } from '../core/jsonApi.ts';
import { optionalBoolean, optionalEnum, optionalString, type ResourceObject } from '../core/requestBody.ts';
import { CONTENT_TYPES, DELIVERY_MODES, SUBSCRIPTION_TYPES, type SubscriptionType, type Webhook } from './webhookModel.ts';

// Reading the webhook attributes of 2.6 (create) and 4.3 (update). The document
// lists label, url, token, contentType and deliveryMode as "plain attributes"
// against includeResources and subscriptionType marked optional, so the emulator
// requires the former on create, except two: token, which 2.6 says is the empty
// string when unset (a webhook without signing), and deliveryMode, which a real
// vendor client (the platform's Python SDK) leaves out and the real service
// accepts: the emulator then delivers AtMostOnce (one event per POST, no retries).

/** What a create without deliveryMode gets. */
export const DEFAULT_DELIVERY_MODE = 'AtMostOnce';

export type WebhookSettings = Pick<
  Webhook,
  'label' | 'url' | 'token' | 'contentType' | 'deliveryMode' | 'includeResources' | 'subscriptionType'
>;
export type WebhookChanges = Partial<Omit<WebhookSettings, 'deliveryMode'>>;

function readUrl(resource: ResourceObject): string | undefined {
  const value = optionalString(resource, 'url');
  if (value === undefined) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(value);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw invalid('/data/attributes/url', `url must be an absolute http or https URL; got '${value}'`);
  }
  return value;
}

function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw invalid(`/data/attributes/${name}`, `${name} is required to create a webhook`);
  return value;
}

/** An omitted token is the empty string (2.6 "empty string when unset"); an omitted deliveryMode is AtMostOnce. */
export function readCreate(resource: ResourceObject, defaultSubscriptionType: SubscriptionType): WebhookSettings {
  return {
    label: required(optionalString(resource, 'label'), 'label'),
    url: required(readUrl(resource), 'url'),
    token: optionalString(resource, 'token') ?? '',
    contentType: required(optionalEnum(resource, 'contentType', CONTENT_TYPES), 'contentType'),
    deliveryMode: optionalEnum(resource, 'deliveryMode', DELIVERY_MODES) ?? DEFAULT_DELIVERY_MODE,
    includeResources: optionalBoolean(resource, 'includeResources') ?? false,
    subscriptionType: optionalEnum(resource, 'subscriptionType', SUBSCRIPTION_TYPES) ?? defaultSubscriptionType,
  };
}

export function readUpdate(resource: ResourceObject): WebhookChanges {
  if (resource.attributes.deliveryMode !== undefined) {
    throw invalid(
      '/data/attributes/deliveryMode',
      'deliveryMode cannot be changed by an update (4.3 lists label, url, contentType, token, includeResources, subscriptionType)',
    );
  }
  const changes: WebhookChanges = {};
  const label = optionalString(resource, 'label');
  if (label !== undefined) changes.label = label;
  const url = readUrl(resource);
  if (url !== undefined) changes.url = url;
  const token = optionalString(resource, 'token');
  if (token !== undefined) changes.token = token;
  const contentType = optionalEnum(resource, 'contentType', CONTENT_TYPES);
  if (contentType !== undefined) changes.contentType = contentType;
  const includeResources = optionalBoolean(resource, 'includeResources');
  if (includeResources !== undefined) changes.includeResources = includeResources;
  const subscriptionType = optionalEnum(resource, 'subscriptionType', SUBSCRIPTION_TYPES);
  if (subscriptionType !== undefined) changes.subscriptionType = subscriptionType;
  return changes;
}
