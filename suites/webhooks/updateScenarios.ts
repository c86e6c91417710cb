import { defineScenario, type Scenario, type ScenarioContext } from '../../harness/engine/scenario.ts';
import { sinkEndpoint } from '../shared/sinkSession.ts';
import { getWebhook, plainAttributes, requireWebhook, webhookDocument } from '../shared/webhookFixtures.ts';

// API 4.3: PATCH /webhooks/{id} replaces each attribute it is sent, and only those.

interface FieldCase {
  member: string;
  requirement: string;
  /** The new value, given the webhook's current attributes. */
  next(ctx: ScenarioContext, otherUrl: string): unknown;
}

const FIELDS: readonly FieldCase[] = [
  { member: 'label', requirement: 'WH-UPDATE-LABEL', next: (ctx) => `renamed ${ctx.faker.string.alphanumeric(8)}` },
  { member: 'url', requirement: 'WH-UPDATE-URL', next: (_, otherUrl) => otherUrl },
  { member: 'contentType', requirement: 'WH-UPDATE-CONTENT-TYPE', next: () => 'Json' },
  { member: 'token', requirement: 'WH-UPDATE-TOKEN', next: (ctx) => `tok-${ctx.faker.string.alphanumeric(24)}` },
  { member: 'includeResources', requirement: 'WH-UPDATE-INCLUDE-RESOURCES', next: () => true },
  { member: 'subscriptionType', requirement: 'WH-UPDATE-SUBSCRIPTION-TYPE', next: () => 'OnlyAuthorizationRequest' },
];

const COMPARED = ['label', 'url', 'contentType', 'token', 'subscriptionType', 'includeResources', 'deliveryMode'];

const updateField = (field: FieldCase) =>
  defineScenario({
    id: `webhooks/update/${field.member}`,
    area: 'webhooks',
    requirements: [field.requirement, 'WH-UPDATE-PARTIAL'],
    async run(ctx) {
      const endpoint = await sinkEndpoint(ctx, `update-${field.member}`);
      const other = await sinkEndpoint(ctx, `update-${field.member}-new-url`);
      const created = await requireWebhook(
        ctx,
        plainAttributes(ctx, endpoint.url, { contentType: 'JsonAPI', includeResources: false, subscriptionType: 'All' }),
      );
      const before = (await getWebhook(ctx, created.id)).body?.data?.attributes ?? {};
      const value = field.next(ctx, other.url);
      const response = await ctx.api.call('webhook.update', {
        params: { id: created.id },
        body: webhookDocument({ [field.member]: value }),
      });
      const fetched = await getWebhook(ctx, created.id);
      const after = fetched.body?.data?.attributes ?? {};
      if (after[field.member] === undefined && before[field.member] === undefined) {
        ctx.check.skip(
          field.requirement,
          `${field.member} is not returned on a webhook; delivery/update-takes-effect judges the update by its deliveries`,
        );
      } else {
        ctx.check.expect(
          field.requirement,
          response.status === 200 && response.body?.data?.attributes?.[field.member] === value && after[field.member] === value,
          `PATCH ${field.member}=${JSON.stringify(value)}: expected 200 with the new value, and GET showing it; answered ${response.status} with ${JSON.stringify(response.body?.data?.attributes?.[field.member])}, GET shows ${JSON.stringify(after[field.member])}`,
          [response, fetched],
        );
      }
      const changed = COMPARED.filter((name) => name !== field.member && JSON.stringify(after[name]) !== JSON.stringify(before[name]));
      ctx.check.expect(
        'WH-UPDATE-PARTIAL',
        changed.length === 0,
        `a PATCH of ${field.member} alone: expected every other attribute kept; ${changed.length ? `these changed: ${changed.map((name) => `${name} ${JSON.stringify(before[name])} → ${JSON.stringify(after[name])}`).join(', ')}` : 'none changed'}`,
        fetched,
      );
    },
  });

const INVALID_UPDATES: ReadonlyArray<[string, unknown]> = [
  ['contentType', 'Xml'],
  ['subscriptionType', 'OnlyCards'],
  ['includeResources', 'yes'],
];

const invalidUpdates = defineScenario({
  id: 'webhooks/update/invalid-values',
  area: 'webhooks',
  requirements: ['WH-UPDATE-INVALID-NO-EFFECT', 'WH-UPDATE-INVALID'],
  async run(ctx) {
    const endpoint = await sinkEndpoint(ctx, 'update-invalid');
    const created = await requireWebhook(ctx, plainAttributes(ctx, endpoint.url));
    const before = (await getWebhook(ctx, created.id)).body?.data?.attributes ?? {};
    for (const [member, value] of INVALID_UPDATES) {
      const response = await ctx.api.send('PATCH', `/webhooks/${created.id}`, { body: webhookDocument({ [member]: value }) });
      const fetched = await getWebhook(ctx, created.id);
      const after = fetched.body?.data?.attributes ?? {};
      const changed = COMPARED.filter((name) => JSON.stringify(after[name]) !== JSON.stringify(before[name]));
      ctx.check.expect(
        'WH-UPDATE-INVALID-NO-EFFECT',
        fetched.status === 200 && changed.length === 0,
        `PATCH ${member}=${JSON.stringify(value)}: expected the webhook unchanged; answered ${response.status}, ${changed.length ? `then ${changed.map((name) => `${name} ${JSON.stringify(before[name])} → ${JSON.stringify(after[name])}`).join(', ')}` : `GET answered ${fetched.status} with nothing changed`}`,
        [response, fetched],
      );
      ctx.check.expect(
        'WH-UPDATE-INVALID',
        response.status >= 400 && response.status < 500,
        `PATCH ${member}=${JSON.stringify(value)}: expected a 4xx; answered ${response.status}`,
        response,
      );
    }
  },
});

export const updateScenarios: Scenario[] = [...FIELDS.map(updateField), invalidUpdates];
