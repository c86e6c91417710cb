import type { FastifyInstance } from 'fastify';
import type { EmulatorState } from '../core/emulatorState.ts';
import { ApiError, notFound, sendDocument } from '../core/jsonApi.ts';
import { limitReached } from '../core/storeLimits.ts';
import { readResource } from '../core/requestBody.ts';
import { dateTime, defineListQuery, integer, oneOf, type RawQuery, readListQuery } from '../core/listQuery.ts';
import type { FaultHolder } from '../faults/faultSwitch.ts';
import { webhookFaultOn } from './faultSwitch.ts';
import { readCreate, readUpdate, type WebhookSettings } from './webhookAttributes.ts';
import { SANDBOX_ENABLED_LIMIT, type Webhook } from './webhookModel.ts';
import type { WebhookRegistry } from './webhookRegistry.ts';

// Section 4.3 (and the states of 3.2).

function render(webhook: Webhook, active: FaultHolder | ReadonlySet<string>) {
  const token = webhook.token === '' && webhookFaultOn(active, 'webhook-token-null-when-unset') ? null : webhook.token;
  return {
    type: 'webhook',
    id: webhook.id,
    attributes: {
      createdAt: new Date(webhook.createdAt).toISOString(),
      label: webhook.label,
      url: webhook.url,
      status: webhook.status,
      contentType: webhook.contentType,
      token,
      subscriptionType: webhook.subscriptionType,
      deliveryMode: webhook.deliveryMode,
      includeResources: webhook.includeResources,
    },
  };
}

/** 4.3 / 7: in the sandbox no webhook is created or enabled while 100 are Enabled. */
function checkEnabledLimit(state: EmulatorState, webhooks: WebhookRegistry, action: string): void {
  if (state.environment !== 'sandbox' || webhookFaultOn(state, 'enabled-limit-not-enforced')) return;
  if (webhooks.enabledCount() >= SANDBOX_ENABLED_LIMIT) {
    throw new ApiError(409, 'Limit reached', `cannot ${action}: ${SANDBOX_ENABLED_LIMIT} webhooks are already Enabled (sandbox limit)`);
  }
}

// `sort` is not in 4.3, but real clients send it (the platform's public API reference
// lists it for this operation): accepted, oldest first unless -createdAt.
const WEBHOOK_LIST_QUERY = defineListQuery({
  parameters: {
    'filter[since]': dateTime,
    'filter[until]': dateTime,
    'filter[fromId]': integer,
    'filter[toId]': integer,
    sort: oneOf(['createdAt', '-createdAt']),
  },
});

function listWebhooks(webhooks: WebhookRegistry, query: RawQuery, active: FaultHolder): Webhook[] {
  const uncapped = webhookFaultOn(active, 'webhook-list-limit-uncapped');
  const { page, filters } = readListQuery(query, WEBHOOK_LIST_QUERY, uncapped ? { maxLimit: Number.MAX_SAFE_INTEGER } : {});
  const since = webhookFaultOn(active, 'webhook-list-since-ignored') ? undefined : filters['filter[since]'];
  const until = filters['filter[until]'];
  const fromId = webhookFaultOn(active, 'webhook-list-ignores-from-id') ? undefined : filters['filter[fromId]'];
  const toId = filters['filter[toId]'];
  const matching = webhooks
    .all()
    .filter(
      (webhook) =>
        (since === undefined || webhook.createdAt > since) &&
        (until === undefined || webhook.createdAt < until) &&
        (fromId === undefined || webhook.seq >= fromId) &&
        (toId === undefined || webhook.seq <= toId),
    );
  const ordered = filters.sort === '-createdAt' ? [...matching].reverse() : matching;
  return ordered.slice(page.offset, page.offset + page.limit);
}

export function registerWebhookRoutes(app: FastifyInstance, state: EmulatorState, { webhooks }: { webhooks: WebhookRegistry }): void {
  const faults = state.faults;

  const find = (id: string): Webhook => {
    const webhook = webhooks.get(id);
    if (!webhook) throw notFound('webhook', id);
    return webhook;
  };

  /** The seeded fault webhook-invalid-request-applied: the request is stored before it is validated, then refused. */
  const appliedAnyway = <T>(read: () => T, apply: () => void): T => {
    try {
      return read();
    } catch (error) {
      if (webhookFaultOn(state, 'webhook-invalid-request-applied')) apply();
      throw error;
    }
  };

  app.post('/webhooks', { config: { scope: 'webhooks-write' } }, async (request, reply) => {
    const resource = readResource(request.body, ['webhook']);
    const settings = appliedAnyway(
      () => readCreate(resource),
      () => {
        const id = state.ids.next('webhook');
        const raw = {
          label: '',
          url: '',
          token: '',
          includeResources: false,
          subscriptionType: 'All',
          ...resource.attributes,
        } as unknown as WebhookSettings;
        webhooks.add({ ...raw, id, seq: Number(id), createdAt: webhooks.createdAtFor(state.clock.stamp()), status: 'Disabled' });
      },
    );
    if (webhookFaultOn(state, 'webhook-default-subscription-only-auth') && resource.attributes.subscriptionType === undefined) {
      settings.subscriptionType = 'OnlyAuthorizationRequest';
    }
    checkEnabledLimit(state, webhooks, 'create a webhook');
    if (webhooks.all().length >= state.limits.webhooks) throw limitReached('webhooks', state.limits.webhooks, webhooks.all().length);
    const id = state.ids.next('webhook');
    // 3.2 leaves the initial status open; a new subscription starts receiving at once.
    const webhook: Webhook = { id, seq: Number(id), createdAt: webhooks.createdAtFor(state.clock.stamp()), ...settings, status: 'Enabled' };
    webhooks.add(webhook);
    return sendDocument(reply, 201, { data: render(webhook, state) });
  });

  app.get('/webhooks', { config: { scope: 'webhooks' } }, async (request, reply) => {
    const page = listWebhooks(webhooks, request.query as RawQuery, state);
    return sendDocument(reply, 200, { data: page.map((webhook) => render(webhook, state)) });
  });

  app.get<{ Params: { id: string } }>('/webhooks/:id', { config: { scope: 'webhooks' } }, async (request, reply) =>
    sendDocument(reply, 200, { data: render(find(request.params.id), state) }),
  );

  app.patch<{ Params: { id: string } }>('/webhooks/:id', { config: { scope: 'webhooks-write' } }, async (request, reply) => {
    const webhook = find(request.params.id);
    const resource = readResource(request.body, ['webhook']);
    const changes = appliedAnyway(
      () => readUpdate(resource),
      () => Object.assign(webhook, resource.attributes),
    );
    if (webhookFaultOn(state, 'webhook-patch-ignores-label')) delete changes.label;
    if (webhookFaultOn(state, 'webhook-patch-resets-omitted'))
      Object.assign(webhook, { label: '', includeResources: false, subscriptionType: 'All' });
    Object.assign(webhook, changes);
    return sendDocument(reply, 200, { data: render(webhook, state) });
  });

  /** 4.3: enable and disable answer with the webhook, in its new status (unless the stale-answer fault renders it first). */
  const answerStatusChange = (webhook: Webhook, change: () => void) => {
    const stale = webhookFaultOn(faults, 'webhook-status-answer-stale') ? render(webhook, faults) : undefined;
    change();
    return { data: stale ?? render(webhook, faults) };
  };

  app.post<{ Params: { id: string } }>('/webhooks/:id/enable', { config: { scope: 'webhooks-write' } }, async (request, reply) => {
    const webhook = find(request.params.id);
    if (webhook.status === 'Unavailable' && webhookFaultOn(state, 'webhook-enable-from-unavailable-refused')) {
      throw new ApiError(409, 'Conflict', 'an Unavailable webhook cannot be enabled');
    }
    if (webhook.status !== 'Enabled') checkEnabledLimit(state, webhooks, 'enable the webhook');
    return sendDocument(
      reply,
      200,
      answerStatusChange(webhook, () => webhooks.setStatus(webhook, 'Enabled')),
    );
  });

  app.post<{ Params: { id: string } }>('/webhooks/:id/disable', { config: { scope: 'webhooks-write' } }, async (request, reply) => {
    const webhook = find(request.params.id);
    return sendDocument(
      reply,
      200,
      answerStatusChange(webhook, () => {
        if (!webhookFaultOn(state, 'webhook-disable-ignored')) webhooks.setStatus(webhook, 'Disabled');
      }),
    );
  });
}
