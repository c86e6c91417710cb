import { defineScenario, type Scenario } from '../../harness/engine/scenario.ts';
import { sinkEndpoint } from '../shared/sinkSession.ts';
import { createWebhook, getWebhook, listAllWebhooks, plainAttributes, requireWebhook, succeeded } from '../shared/webhookFixtures.ts';

// API 2.6, 3.2, 4.3: creating and reading webhooks.

/**
 * Plain attributes of 2.6 whose absence makes a create invalid. Not token (2.6: "empty string
 * when unset"), nor deliveryMode: a real vendor client leaves it out and the real service
 * accepts that, so what such a create gets is recorded (WH-CREATE-WITHOUT-DELIVERY-MODE).
 */
const PLAIN = ['label', 'url', 'contentType'] as const;

const INVALID_VALUES: ReadonlyArray<{ member: string; value: unknown }> = [
  { member: 'contentType', value: 'Xml' },
  { member: 'deliveryMode', value: 'ExactlyOnce' },
  { member: 'subscriptionType', value: 'OnlyCards' },
  { member: 'includeResources', value: 'true' },
];

const createAndRead = defineScenario({
  id: 'webhooks/create-and-read',
  area: 'webhooks',
  requirements: [
    'WH-RESOURCE-SHAPE',
    'WH-LIST-SHAPE',
    'WH-CREATE',
    'WH-CREATE-RESPONSE',
    'WH-INITIAL-STATUS',
    'WH-OPTIONAL-ATTRIBUTES-RETURNED',
    'WH-GET',
    'WH-LIST',
    'WH-GET-UNKNOWN',
  ],
  async run(ctx) {
    const endpoint = await sinkEndpoint(ctx, 'create-and-read');
    const attributes = plainAttributes(ctx, endpoint.url, {
      contentType: 'Json',
      deliveryMode: 'AtLeastOnce',
      subscriptionType: 'NotAuthorizationRequest',
      includeResources: true,
    });
    const { response, created } = await createWebhook(ctx, attributes);
    const returned = response.body?.data;
    ctx.check.observe(
      'WH-CREATE-RESPONSE',
      { status: response.status, dataIsWebhook: returned?.type === 'webhook' && typeof returned?.id === 'string' },
      `create answered ${response.status}${returned?.type ? ` with data of type ${returned.type}` : ' without a webhook in data'}`,
      response,
    );
    // Judged by the effect: the answer is not shown (4.3), so one without the webhook sends the run to the list for it.
    if (!created) {
      ctx.check.fail(
        'WH-CREATE',
        `a valid create: expected the webhook made; it answered ${response.status}${succeeded(response) ? ', and no webhook with its URL and label is listed' : ''}`,
        response,
      );
      return;
    }
    const status = created.webhook?.attributes?.status;
    ctx.check.observe('WH-INITIAL-STATUS', status, `a new webhook has status ${status}`, response);

    const fetched = await getWebhook(ctx, created.id);
    const webhook = fetched.body?.data;
    const optional = ['deliveryMode', 'includeResources'].filter((name) => webhook?.attributes?.[name] !== undefined);
    ctx.check.observe(
      'WH-OPTIONAL-ATTRIBUTES-RETURNED',
      optional,
      `returned optional attributes: ${optional.join(', ') || 'none'}`,
      fetched,
    );
    ctx.check.expect(
      'WH-GET',
      fetched.status === 200 && webhook?.id === created.id,
      `GET /webhooks/${created.id}: expected 200 with that webhook; got ${fetched.status} with id ${webhook?.id}`,
      fetched,
    );
    const mismatched = ['label', 'url', 'token', 'contentType', 'subscriptionType'].filter(
      (name) => webhook?.attributes?.[name] !== attributes[name],
    );
    ctx.check.expect(
      'WH-CREATE',
      mismatched.length === 0,
      `the created webhook: expected the submitted attributes; ${mismatched.length ? `these differ: ${mismatched.join(', ')}` : 'all match'}`,
      fetched,
    );

    const { webhooks, responses } = await listAllWebhooks(ctx, { 'filter[fromId]': created.id, 'filter[toId]': created.id });
    const everything = webhooks.some((item) => String(item.id) === created.id) ? webhooks : (await listAllWebhooks(ctx)).webhooks;
    ctx.check.expect(
      'WH-LIST',
      everything.some((item) => String(item.id) === created.id),
      `GET /webhooks: expected the new webhook ${created.id} listed; it ${everything.some((item) => String(item.id) === created.id) ? 'is' : 'is not'}`,
      responses,
    );

    const unknown = await ctx.api.send('GET', '/webhooks/987654321987');
    ctx.check.expect(
      'WH-GET-UNKNOWN',
      unknown.status === 404,
      `GET of a webhook that does not exist: expected 404; got ${unknown.status}`,
      unknown,
    );
  },
});

const defaults = defineScenario({
  id: 'webhooks/create-defaults',
  area: 'webhooks',
  requirements: ['WH-DEFAULT-SUBSCRIPTION-TYPE', 'WH-DEFAULT-INCLUDE-RESOURCES', 'WH-TOKEN-EMPTY-WHEN-UNSET', 'WH-RESOURCE-SHAPE'],
  async run(ctx) {
    const endpoint = await sinkEndpoint(ctx, 'defaults');
    const created = await requireWebhook(ctx, plainAttributes(ctx, endpoint.url, { token: '' }));
    const fetched = await getWebhook(ctx, created.id);
    const attributes = fetched.body?.data?.attributes ?? {};
    ctx.check.expect(
      'WH-DEFAULT-SUBSCRIPTION-TYPE',
      attributes.subscriptionType === 'All',
      `a webhook created without subscriptionType: expected subscriptionType All; it has ${JSON.stringify(attributes.subscriptionType)}`,
      fetched,
    );
    if (attributes.includeResources !== undefined) {
      ctx.check.expect(
        'WH-DEFAULT-INCLUDE-RESOURCES',
        attributes.includeResources === false,
        `a webhook created without includeResources: expected includeResources false; it has ${JSON.stringify(attributes.includeResources)}`,
        fetched,
      );
    } else {
      // What the default does to deliveries is recorded under DL-INCLUDE-RESOURCES-OFF (delivery/defaults).
      ctx.check.skip(
        'WH-DEFAULT-INCLUDE-RESOURCES',
        'the webhook does not return includeResources (whether it is returned: not shown, 2.6), so its default cannot be read',
      );
    }
    ctx.check.expect(
      'WH-TOKEN-EMPTY-WHEN-UNSET',
      attributes.token === '',
      `a webhook without a token: expected token rendered as ""; it renders ${JSON.stringify(attributes.token)}`,
      fetched,
    );
  },
});

const missingPlain = PLAIN.map((member) =>
  defineScenario({
    id: `webhooks/create-without/${member}`,
    area: 'webhooks',
    requirements: ['WH-CREATE-REFUSED-NO-EFFECT', 'WH-CREATE-REQUIRED-ATTRIBUTES'],
    async run(ctx) {
      const endpoint = await sinkEndpoint(ctx, `without-${member}`);
      const attributes = plainAttributes(ctx, endpoint.url);
      delete attributes[member];
      const label = `missing-${member}-${ctx.faker.string.alphanumeric(10)}`;
      if (member !== 'label') attributes.label = label;
      const { response, created } = await createWebhook(ctx, attributes);
      // Other people create webhooks meanwhile: ours is the one with this scenario's sink URL or label.
      const after = await listAllWebhooks(ctx);
      const appeared = after.webhooks.filter(
        (webhook) => webhook.attributes?.url === endpoint.url || webhook.attributes?.label === label,
      ).length;
      ctx.check.expect(
        'WH-CREATE-REQUIRED-ATTRIBUTES',
        response.status >= 400 && response.status < 500,
        `a create without ${member}: expected a 4xx; it answered ${response.status}`,
        response,
      );
      if (succeeded(response)) {
        ctx.check.skip(
          'WH-CREATE-REFUSED-NO-EFFECT',
          `the target accepted a create without ${member} (answered ${response.status}), so there is no refusal to hold to "nothing created"`,
        );
        return;
      }
      ctx.check.expect(
        'WH-CREATE-REFUSED-NO-EFFECT',
        !created && appeared === 0,
        `a create without ${member} that the target refused (${response.status}): expected nothing created; ${appeared} webhook(s) with its URL or label exist`,
        [response, ...after.responses.slice(0, 1)],
      );
    },
  }),
);

const withoutToken = defineScenario({
  id: 'webhooks/create-without/token',
  area: 'webhooks',
  requirements: ['WH-CREATE-WITHOUT-TOKEN', 'WH-TOKEN-EMPTY-WHEN-UNSET'],
  async run(ctx) {
    const endpoint = await sinkEndpoint(ctx, 'without-token');
    const attributes = plainAttributes(ctx, endpoint.url);
    delete attributes.token;
    const { response, created } = await createWebhook(ctx, attributes);
    ctx.check.observe(
      'WH-CREATE-WITHOUT-TOKEN',
      { status: response.status, created: created !== undefined },
      `a create without token answered ${response.status}${created ? ` and made webhook ${created.id}` : ''}`,
      response,
    );
    if (!created) {
      ctx.check.skip(
        'WH-TOKEN-EMPTY-WHEN-UNSET',
        'the target made no webhook without a token here; the webhooks/create-defaults scenario judges an empty token',
      );
      return;
    }
    const fetched = await getWebhook(ctx, created.id);
    const token = fetched.body?.data?.attributes?.token;
    ctx.check.expect(
      'WH-TOKEN-EMPTY-WHEN-UNSET',
      fetched.status === 200 && token === '',
      `a webhook created without a token: expected token rendered as ""; it renders ${JSON.stringify(token)} (GET answered ${fetched.status})`,
      fetched,
    );
  },
});

const withoutDeliveryMode = defineScenario({
  id: 'webhooks/create-without/deliveryMode',
  area: 'webhooks',
  requirements: ['WH-CREATE-WITHOUT-DELIVERY-MODE'],
  async run(ctx) {
    const endpoint = await sinkEndpoint(ctx, 'without-delivery-mode');
    const attributes = plainAttributes(ctx, endpoint.url);
    delete attributes.deliveryMode;
    const { response, created } = await createWebhook(ctx, attributes);
    const deliveryMode = created ? (await getWebhook(ctx, created.id)).body?.data?.attributes?.deliveryMode : undefined;
    ctx.check.observe(
      'WH-CREATE-WITHOUT-DELIVERY-MODE',
      { status: response.status, created: created !== undefined, deliveryMode },
      `a create without deliveryMode answered ${response.status}${created ? ` and made webhook ${created.id} (deliveryMode ${JSON.stringify(deliveryMode)})` : ''}`,
      response,
    );
  },
});

const invalidValues = INVALID_VALUES.map(({ member, value }) =>
  defineScenario({
    id: `webhooks/create-invalid/${member}`,
    area: 'webhooks',
    requirements: ['WH-CREATE-INVALID-VALUE-NO-EFFECT', 'WH-CREATE-INVALID-VALUE'],
    async run(ctx) {
      const endpoint = await sinkEndpoint(ctx, `invalid-${member}`);
      const { response, created } = await createWebhook(ctx, plainAttributes(ctx, endpoint.url, { [member]: value }));
      // Other people create webhooks meanwhile: ours is the one pointing at this scenario's sink URL.
      const after = await listAllWebhooks(ctx);
      const appeared = after.webhooks.filter((webhook) => webhook.attributes?.url === endpoint.url).length;
      ctx.check.expect(
        'WH-CREATE-INVALID-VALUE-NO-EFFECT',
        !created && appeared === 0,
        `a create with ${member} ${JSON.stringify(value)}: expected nothing created; it answered ${response.status}${succeeded(response) ? ' (created)' : ''} and ${appeared} webhook(s) with its URL exist`,
        [response, ...after.responses.slice(0, 1)],
      );
      ctx.check.expect(
        'WH-CREATE-INVALID-VALUE',
        response.status >= 400 && response.status < 500,
        `a create with ${member} ${JSON.stringify(value)}: expected a 4xx; it answered ${response.status}`,
        response,
      );
    },
  }),
);

export const createScenarios: Scenario[] = [createAndRead, defaults, ...missingPlain, withoutToken, withoutDeliveryMode, ...invalidValues];
