import type { EdgeFault } from '../faults/edgeFault.ts';
import type { WebhooksBehaviour } from './webhooksBehaviour.ts';

// Deliberate deviations of the webhook operations, each wrapping the one point
// of the behaviour it gets wrong.

/** What a PATCH that resets the attributes it was not sent puts back. */
const RESET_ATTRIBUTES = { label: '', includeResources: false, subscriptionType: 'All' } as const;

export const webhooksFaults = [
  {
    name: 'enabled-limit-not-enforced',
    description: 'sandbox creates and enables webhooks beyond 100 Enabled',
    breaks: ['WH-ENABLED-LIMIT-CREATE', 'WH-ENABLED-LIMIT-ENABLE', 'WH-ENABLED-LIMIT-4XX'],
    wrap: (behaviour) => ({ ...behaviour, sandboxEnabledLimit: Number.POSITIVE_INFINITY }),
  },
  {
    name: 'webhook-token-null-when-unset',
    description: 'renders an unset token as null instead of the empty string',
    breaks: ['WH-TOKEN-EMPTY-WHEN-UNSET', 'WH-RESOURCE-SHAPE'],
    wrap: (behaviour) => ({ ...behaviour, unsetToken: null }),
  },
  {
    name: 'webhook-patch-resets-omitted',
    description: 'PATCH resets attributes it was not sent to their defaults',
    breaks: ['WH-UPDATE-PARTIAL'],
    wrap: (behaviour) => ({
      ...behaviour,
      applyChanges: (webhook, changes) => {
        Object.assign(webhook, RESET_ATTRIBUTES);
        behaviour.applyChanges(webhook, changes);
      },
    }),
  },
  {
    name: 'webhook-patch-ignores-label',
    description: 'PATCH keeps the old label',
    breaks: ['WH-UPDATE-LABEL'],
    wrap: (behaviour) => ({
      ...behaviour,
      applyChanges: (webhook, changes) => {
        delete changes.label;
        behaviour.applyChanges(webhook, changes);
      },
    }),
  },
  {
    name: 'webhook-list-ignores-from-id',
    description: 'the list ignores filter[fromId]',
    breaks: ['WH-LIST-FILTER-FROM-ID'],
    wrap: (behaviour) => ({ ...behaviour, listFilters: (filters) => behaviour.listFilters({ ...filters, 'filter[fromId]': undefined }) }),
  },
  {
    name: 'webhook-list-since-ignored',
    description: 'the list ignores filter[since]',
    breaks: ['WH-LIST-FILTER-SINCE'],
    wrap: (behaviour) => ({ ...behaviour, listFilters: (filters) => behaviour.listFilters({ ...filters, 'filter[since]': undefined }) }),
  },
  {
    name: 'webhook-default-subscription-only-auth',
    description: 'a webhook created without subscriptionType gets OnlyAuthorizationRequest',
    breaks: ['WH-DEFAULT-SUBSCRIPTION-TYPE'],
    wrap: (behaviour) => ({ ...behaviour, defaultSubscriptionType: 'OnlyAuthorizationRequest' }),
  },
  {
    name: 'webhook-enable-from-unavailable-refused',
    description: 'an Unavailable webhook cannot be enabled again',
    breaks: ['WH-ENABLE-FROM-UNAVAILABLE'],
    wrap: (behaviour) => ({ ...behaviour, enablesUnavailable: false }),
  },
  {
    name: 'webhook-disable-ignored',
    description: 'disable answers 200 but leaves the webhook Enabled',
    breaks: ['WH-DISABLE'],
    wrap: (behaviour) => ({ ...behaviour, disable: () => {} }),
  },
  {
    name: 'webhook-status-answer-stale',
    description: 'enable and disable change the status but answer with the webhook as it was before (a disable answer still says Enabled)',
    breaks: ['WH-DISABLE', 'WH-ENABLE'],
    wrap: (behaviour) => ({
      ...behaviour,
      statusChangeAnswer: (webhook, change, render) => {
        const before = render(webhook);
        behaviour.statusChangeAnswer(webhook, change, render);
        return before;
      },
    }),
  },
  {
    name: 'webhook-list-limit-uncapped',
    description: 'the webhook list honours any page[limit], returning more than 1000 webhooks when asked for 1001',
    breaks: ['WH-LIST-PAGE-MAX'],
    wrap: (behaviour) => ({ ...behaviour, listPageMax: Number.MAX_SAFE_INTEGER }),
  },
  {
    name: 'webhook-invalid-request-applied',
    description:
      'a webhook create or update is stored before it is validated: an invalid or incomplete one is answered 400 but its webhook (Disabled) or its new values are kept',
    breaks: ['WH-CREATE-INVALID-VALUE-NO-EFFECT', 'WH-CREATE-REFUSED-NO-EFFECT', 'WH-UPDATE-INVALID-NO-EFFECT'],
    wrap: (behaviour) => ({
      ...behaviour,
      validated: (read, storeUnvalidated) => {
        try {
          return behaviour.validated(read, storeUnvalidated);
        } catch (error) {
          storeUnvalidated();
          throw error;
        }
      },
    }),
  },
  {
    name: 'token-ignored-on-resource-operations',
    description:
      'webhook get/update/enable/disable, event get/resend and the sandbox operations serve anyone, token or not (an id that does not exist still answers 404)',
    breaks: [
      'AU-TOKEN-REQUIRED',
      'AU-TOKEN-INVALID-REFUSED',
      'AU-SANDBOX-TOKEN-REQUIRED',
      'AU-SCOPE-REQUIRED',
      'AU-TOKEN-401',
      'AU-SCOPE-403',
    ],
    wrap: (behaviour) => ({ ...behaviour, authenticatesResourceOperations: false }),
  },
  {
    // Beside the tolerated webhook-create-empty-201: the same answer, but nothing behind it.
    name: 'webhook-create-empty-201-nothing-made',
    description: 'a webhook create answers 201 with an empty body and makes no webhook',
    breaks: ['WH-CREATE'],
    wrap: (behaviour) => ({ ...behaviour, keepsCreated: false, createdAnswer: () => ({ status: 201 }) }),
  },
] as const satisfies readonly EdgeFault<WebhooksBehaviour>[];
