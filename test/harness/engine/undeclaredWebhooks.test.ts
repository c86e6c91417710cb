import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator, type Emulator } from '../../../emulator/emulator.ts';
import { defineScenario } from '../../../harness/engine/scenario.ts';
import { runScenarios } from '../../support/runScenarios.ts';
import { plainAttributes, requireWebhook } from '../../../suites/shared/webhookFixtures.ts';

// The webhook budget holds only if scenarios declare what they hold: one that
// holds more webhooks at once than its `webhooks` says fails the run as a defect
// of the suite, naming it; declared, the same scenario runs.

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator?.close();
});

const twoWebhooks = (declared: number | undefined) =>
  defineScenario({
    id: `test/two-webhooks-declaring-${declared ?? 'the-default'}`,
    area: 'webhooks',
    requirements: [],
    reads: ['webhook-quota'],
    ...(declared === undefined ? {} : { webhooks: declared }),
    async run(ctx) {
      for (let n = 0; n < 2; n += 1) await requireWebhook(ctx, plainAttributes(ctx, 'http://127.0.0.1:9/unused'));
    },
  });

test('two webhooks held at once under the default of one fail the run, naming the scenario and the declaration', async () => {
  await expect(runScenarios([twoWebhooks(undefined)], { baseUrl: emulator.url() })).rejects.toThrow(
    /scenario test\/two-webhooks-declaring-the-default held 2 webhooks at once \(POST \/webhooks → \d+\) but declares `webhooks: 1`/,
  );
});

test('the same scenario declaring two runs: only the API client checks record anything, and they pass', async () => {
  const records = await runScenarios([twoWebhooks(2)], { baseUrl: emulator.url() });
  expect(records.filter((record) => record.outcome !== 'PASS')).toEqual([]);
});
