import { MAX_PAGE_LIMIT } from '../core/listQuery.ts';
import type { WebhookChanges } from './webhookAttributes.ts';
import { SANDBOX_ENABLED_LIMIT, type SubscriptionType, type Webhook, type WebhookStatus } from './webhookModel.ts';
import type { WebhookRegistry } from './webhookRegistry.ts';

// The points of the webhook operations (2.6, 3.2, 4.3) where an implementation
// could go wrong, as the documents want them; a seeded fault (faults.ts) wraps one.

/** The list filters a behaviour may pass on or drop: emulator-clock ms and numeric ids (4.3). */
export interface WebhookListFilters {
  'filter[since]'?: number;
  'filter[until]'?: number;
  'filter[fromId]'?: number;
  'filter[toId]'?: number;
}

export interface WebhooksBehaviour {
  /** 5.1: every operation needs a token with its scope, on one webhook, one event or the sandbox too. */
  readonly authenticatesResourceOperations: boolean;
  /** 4.3 / 8: in the sandbox no webhook is created or enabled while this many are Enabled. */
  readonly sandboxEnabledLimit: number;
  /** 2.6: a token that was never set is shown as the empty string. */
  readonly unsetToken: string | null;
  /** 2.6: a webhook created without subscriptionType gets All. */
  readonly defaultSubscriptionType: SubscriptionType;
  /** 3.2 / 4.3: the status of a new webhook (not shown; a new subscription receives at once). */
  readonly createdStatus: WebhookStatus;
  /** 2.6 / 4.3: a create or update is validated before anything is stored (storeUnvalidated: what storing it first would do). */
  readonly validated: <Settings>(read: () => Settings, storeUnvalidated: () => void) => Settings;
  /** 4.3: PATCH changes the attributes it is sent, and only those. */
  readonly applyChanges: (webhook: Webhook, changes: WebhookChanges) => void;
  /** 4.3: the list honours every filter it is given. */
  readonly listFilters: <Filters extends WebhookListFilters>(filters: Filters) => Filters;
  /** 4.3 / 8: the list's page[limit] is at most 1000. */
  readonly listPageMax: number;
  /** 3.2: an Unavailable webhook can be enabled again. */
  readonly enablesUnavailable: boolean;
  /** 4.3: disable makes the webhook Disabled. */
  readonly disable: (webhooks: WebhookRegistry, webhook: Webhook) => void;
  /** 4.3: enable and disable answer with the webhook in its new status. */
  readonly statusChangeAnswer: <Rendered>(webhook: Webhook, change: () => void, render: (webhook: Webhook) => Rendered) => Rendered;
  /** 4.3: a create that succeeds makes the webhook. */
  readonly keepsCreated: boolean;
  /** 4.3 leaves the create's answer open ("not shown"); the emulator answers 201 with the webhook. */
  readonly createdAnswer: <Rendered>(rendered: Rendered) => CreatedAnswer<Rendered>;
}

/** A create's answer: its status and, where it has one, its document. */
export interface CreatedAnswer<Rendered> {
  readonly status: number;
  readonly document?: { data: Rendered };
}

export const correctWebhooks: WebhooksBehaviour = {
  authenticatesResourceOperations: true,
  sandboxEnabledLimit: SANDBOX_ENABLED_LIMIT,
  unsetToken: '',
  defaultSubscriptionType: 'All',
  createdStatus: 'Enabled',
  validated: (read) => read(),
  applyChanges: (webhook, changes) => Object.assign(webhook, changes),
  listFilters: (filters) => filters,
  listPageMax: MAX_PAGE_LIMIT,
  enablesUnavailable: true,
  disable: (webhooks, webhook) => webhooks.setStatus(webhook, 'Disabled'),
  statusChangeAnswer: (webhook, change, render) => {
    change();
    return render(webhook);
  },
  keepsCreated: true,
  createdAnswer: (rendered) => ({ status: 201, document: { data: rendered } }),
};
