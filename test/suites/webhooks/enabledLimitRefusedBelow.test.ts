import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator, type Emulator } from '../../../emulator/emulator.ts';
import { stateScenarios } from '../../../suites/webhooks/stateScenarios.ts';
import { runScenarios } from '../../support/runScenarios.ts';
import { startWebhookGateway, type WebhookGateway } from './webhookGateway.ts';

// WH-ENABLED-LIMIT-BELOW still FAILs a target that refuses creates below the limit, now that a refused
// create is sent once more before it is judged (issue 53, item 6): a gateway in front of the emulator
// answers 409 to every create after the 50th, as a sandbox counting its limit wrongly would.

const limitProbe = stateScenarios.find((scenario) => scenario.id === 'webhooks/sandbox-enabled-limit')!;
/** Creates it lets through: the spare (disabled again) and 49 of the fill. */
const CREATES_TAKEN = 50;

let emulator: Emulator;
let gateway: WebhookGateway;

beforeAll(async () => {
  emulator = await startEmulator();
  let creates = 0;
  gateway = await startWebhookGateway(emulator.url(), {
    before: async ({ method, url }) => {
      if (method !== 'POST' || url !== '/webhooks' || ++creates <= CREATES_TAKEN) return undefined;
      return { status: 409, body: { errors: [{ status: '409', title: 'Enabled webhook limit reached' }] } };
    },
  });
});
afterAll(async () => {
  await gateway?.close();
  await emulator?.close();
});

test('creates refused at 49 Enabled FAIL WH-ENABLED-LIMIT-BELOW, naming the counts before and after the create sent once more', async () => {
  const records = await runScenarios([limitProbe], { baseUrl: gateway.url, manifest: { heavyProbes: true }, aloneReruns: 0 });
  const below = records.filter((record) => record.requirementId === 'WH-ENABLED-LIMIT-BELOW');
  expect(below.map((record) => record.outcome)).toEqual(['FAIL']);
  expect(below[0]?.message).toMatch(/with 49 webhooks Enabled before it and 49 after, a create: expected success; it answered 409/);
});
