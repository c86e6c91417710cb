import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator, type Emulator } from '../../../emulator/emulator.ts';
import { defineScenario } from '../../../harness/engine/scenario.ts';
import { runScenarios } from '../../support/runScenarios.ts';
import { type CreatedWebhook, createWebhook, plainAttributes, requireWebhook } from '../../../suites/shared/webhookFixtures.ts';
import { call, webhookBody } from '../../emulator/emulatorClient.ts';

// The create's answer is not shown (4.3): where it names no webhook, the suite finds its
// own by URL and label among other tenants' webhooks, and holds and undoes it like any other.

const OUR_URL = 'http://127.0.0.1:9/bodiless-create';
const OUR_LABEL = 'bodiless create of the test';

let emulator: Emulator;
let token: string;

const listed = async () => (await call(emulator.url(), 'GET', '/webhooks?page[limit]=1000', { token })).body.data;

beforeAll(async () => {
  emulator = await startEmulator({ faults: ['webhook-create-204'], livedIn: { seed: 3, events: 0, enabledWebhooks: 6 } });
  token = (await call(emulator.url(), 'POST', '/_emulator/tokens', { body: {}, contentType: 'application/json' })).body.token;
  // A frozen clock gives every webhook one createdAt, so no look-alike is told from ours by being older.
  await call(emulator.url(), 'POST', '/_emulator/clock/scale', { body: { scale: 0 }, contentType: 'application/json' });
  // Look-alikes of another tenant, listed before ours: our URL under another label, our label at another URL.
  await call(emulator.url(), 'POST', '/webhooks', { token, body: webhookBody(OUR_URL, { label: 'someone else' }) });
  await call(emulator.url(), 'POST', '/webhooks', { token, body: webhookBody('http://127.0.0.1:9/elsewhere', { label: OUR_LABEL }) });
});
afterAll(async () => {
  await emulator?.close();
});

test('a create answered 204 gives the webhook carrying both its URL and label, disabled again when the scenario ends', async () => {
  let found: CreatedWebhook | undefined;
  const scenario = defineScenario({
    id: 'test/bodiless-create',
    area: 'webhooks',
    requirements: [],
    reads: ['webhook-quota'],
    async run(ctx) {
      found = (await createWebhook(ctx, plainAttributes(ctx, OUR_URL, { label: OUR_LABEL }))).created;
    },
  });
  await runScenarios([scenario], { baseUrl: emulator.url() });
  const ours = (await listed()).filter(
    (webhook: { attributes: { url: string; label: string } }) =>
      webhook.attributes.url === OUR_URL && webhook.attributes.label === OUR_LABEL,
  );
  expect(ours).toHaveLength(1);
  expect(found?.id).toBe(ours[0].id);
  expect(found?.response.status).toBe(204);
  expect(ours[0].attributes.status).toBe('Disabled');
});

test('a webhook found that way counts against what the scenario declares it holds', async () => {
  const scenario = defineScenario({
    id: 'test/two-bodiless-creates',
    area: 'webhooks',
    requirements: [],
    reads: ['webhook-quota'],
    async run(ctx) {
      for (let n = 0; n < 2; n += 1) await requireWebhook(ctx, plainAttributes(ctx, OUR_URL));
    },
  });
  await expect(runScenarios([scenario], { baseUrl: emulator.url() })).rejects.toThrow(
    /held 2 webhooks at once \(POST \/webhooks → \d+\) but declares `webhooks: 1`/,
  );
});
