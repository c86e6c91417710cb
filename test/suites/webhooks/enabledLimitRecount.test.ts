import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator, type Emulator } from '../../../emulator/emulator.ts';
import { stateScenarios } from '../../../suites/webhooks/stateScenarios.ts';
import { runScenarios } from '../../support/runScenarios.ts';
import { call, webhookBody } from '../../emulator/emulatorClient.ts';
import { startWebhookGateway, type WebhookGateway } from './webhookGateway.ts';

// A create refused at the limit is not a FAIL because a webhook left Enabled before the count that
// follows it (issue 53, item 6). A gateway in front of the emulator plays a neighbour on a shared
// sandbox: it adds a webhook of theirs midway through the fill, so one of the probe's creates meets
// the limit, and disables another of theirs just as that refusal goes back. The refused create made
// nothing; the probe sends one more, which a correct target takes, and reaches the limit.

const limitProbe = stateScenarios.find((scenario) => scenario.id === 'webhooks/sandbox-enabled-limit')!;
const ADDED_AT_CREATE = 50;

let emulator: Emulator;
let gateway: WebhookGateway;
let token: string;

const neighbourWebhook = async (label: string): Promise<string> =>
  (await call(emulator.url(), 'POST', '/webhooks', { token, body: webhookBody(`http://127.0.0.1:9/${label}`, { label }) })).body.data.id;

beforeAll(async () => {
  emulator = await startEmulator();
  token = (await call(emulator.url(), 'POST', '/_emulator/tokens', { body: {}, contentType: 'application/json' })).body.token;
  const leaving = await neighbourWebhook('neighbour-leaving');
  let creates = 0;
  let left = false;
  const isCreate = (method: string, url: string) => method === 'POST' && url === '/webhooks';
  gateway = await startWebhookGateway(emulator.url(), {
    before: async ({ method, url }) => {
      if (isCreate(method, url) && ++creates === ADDED_AT_CREATE) await neighbourWebhook('neighbour-arriving');
      return undefined;
    },
    after: async ({ method, url }, status) => {
      if (!isCreate(method, url) || status < 400 || left) return;
      left = true;
      await call(emulator.url(), 'POST', `/webhooks/${leaving}/disable`, { token });
    },
  });
});
afterAll(async () => {
  await gateway?.close();
  await emulator?.close();
});

test('a refusal at the limit, then a neighbour disabling theirs before the count: the probe creates once more and PASSes', async () => {
  const records = await runScenarios([limitProbe], { baseUrl: gateway.url, manifest: { heavyProbes: true }, aloneReruns: 0 });
  const outcome = (id: string) => records.filter((record) => record.requirementId === id).map((record) => record.outcome);
  expect(records.filter((record) => record.outcome === 'FAIL').map((record) => `${record.requirementId}: ${record.message}`)).toEqual([]);
  expect(outcome('WH-ENABLED-LIMIT-BELOW')).toEqual(['PASS']);
  expect(outcome('WH-ENABLED-LIMIT-CREATE')).toEqual(['PASS']);
});
