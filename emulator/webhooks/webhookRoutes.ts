import type { FastifyInstance } from 'fastify';
import type { EmulatorState } from '../core/emulatorState.ts';
import { ApiError, notFound, sendDocument } from '../core/jsonApi.ts';
import { limitReached } from '../core/storeLimits.ts';
import { readResource } from '../core/requestBody.ts';
import { dateTime, defineListQuery, integer, oneOf, type RawQuery, readListQuery } from '../core/listQuery.ts';
import { readCreate, readUpdate, type WebhookSettings } from './webhookAttributes.ts';
import type { Webhook } from './webhookModel.ts';
import type { WebhookRegistry } from './webhookRegistry.ts';
import type { WebhooksBehaviour } from './webhooksBehaviour.ts';

// Section 4.3 (and the states of 3.2).

function render(webhook: Webhook, behaviour: WebhooksBehaviour) {
  const token = webhook.token === '' ? behaviour.unsetToken : webhook.token;
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
function checkEnabledLimit(state: EmulatorState, webhooks: WebhookRegistry, limit: number, action: string): void {
  if (state.environment !== 'sandbox') return;
  if (webhooks.enabledCount() >= limit) {
    throw new ApiError(409, 'Limit reached', `cannot ${action}: ${limit} webhooks are already Enabled (sandbox limit)`);
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

function listWebhooks(webhooks: WebhookRegistry, query: RawQuery, behaviour: WebhooksBehaviour): Webhook[] {
  const read = readListQuery(query, WEBHOOK_LIST_QUERY, { maxLimit: behaviour.listPageMax });
  const page = read.page;
  const filters = behaviour.listFilters(read.filters);
  const since = filters['filter[since]'];
  const until = filters['filter[until]'];
  const fromId = filters['filter[fromId]'];
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

export function registerWebhookRoutes(
  app: FastifyInstance,
  state: EmulatorState,
  { webhooks, webhooksBehaviour: behaviour }: { webhooks: WebhookRegistry; webhooksBehaviour: WebhooksBehaviour },
): void {
  const renderWebhook = (webhook: Webhook) => render(webhook, behaviour);

  const find = (id: string): Webhook => {
    const webhook = webhooks.get(id);
    if (!webhook) throw notFound('webhook', id);
    return webhook;
  };

  app.post('/webhooks', { config: { scope: 'webhooks-write' } }, async (request, reply) => {
    const resource = readResource(request.body, ['webhook']);
    const settings = behaviour.validated(
      () => readCreate(resource, behaviour.defaultSubscriptionType),
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
    checkEnabledLimit(state, webhooks, behaviour.sandboxEnabledLimit, 'create a webhook');
    if (webhooks.all().length >= state.limits.webhooks) throw limitReached('webhooks', state.limits.webhooks, webhooks.all().length);
    const id = state.ids.next('webhook');
    const webhook: Webhook = {
      id,
      seq: Number(id),
      createdAt: webhooks.createdAtFor(state.clock.stamp()),
      ...settings,
      status: behaviour.createdStatus,
    };
    if (behaviour.keepsCreated) webhooks.add(webhook);
    const answer = behaviour.createdAnswer(renderWebhook(webhook));
    return answer.document ? sendDocument(reply, answer.status, answer.document) : reply.code(answer.status).send();
  });

  app.get('/webhooks', { config: { scope: 'webhooks' } }, async (request, reply) => {
    const page = listWebhooks(webhooks, request.query as RawQuery, behaviour);
    return sendDocument(reply, 200, { data: page.map(renderWebhook) });
  });

  app.get<{ Params: { id: string } }>('/webhooks/:id', { config: { scope: 'webhooks' } }, async (request, reply) =>
    sendDocument(reply, 200, { data: renderWebhook(find(request.params.id)) }),
  );

  app.patch<{ Params: { id: string } }>('/webhooks/:id', { config: { scope: 'webhooks-write' } }, async (request, reply) => {
    const webhook = find(request.params.id);
    const resource = readResource(request.body, ['webhook']);
    const changes = behaviour.validated(
      () => readUpdate(resource),
      () => Object.assign(webhook, resource.attributes),
    );
    behaviour.applyChanges(webhook, changes);
    return sendDocument(reply, 200, { data: renderWebhook(webhook) });
  });

  const answerStatusChange = (webhook: Webhook, change: () => void) => ({
    data: behaviour.statusChangeAnswer(webhook, change, renderWebhook),
  });

  app.post<{ Params: { id: string } }>('/webhooks/:id/enable', { config: { scope: 'webhooks-write' } }, async (request, reply) => {
    const webhook = find(request.params.id);
    if (webhook.status === 'Unavailable' && !behaviour.enablesUnavailable) {
      throw new ApiError(409, 'Conflict', 'an Unavailable webhook cannot be enabled');
    }
    if (webhook.status !== 'Enabled') checkEnabledLimit(state, webhooks, behaviour.sandboxEnabledLimit, 'enable the webhook');
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
      answerStatusChange(webhook, () => behaviour.disable(webhooks, webhook)),
    );
  });
}
