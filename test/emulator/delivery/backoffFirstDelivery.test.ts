import { setTimeout } from 'node:timers/promises';
import { afterEach, expect, test } from 'vitest';
import { createEmulator, type Emulator } from '../../../emulator/emulator.ts';
import { runScenarios } from '../../support/runScenarios.ts';
import { problems, scenariosJudging } from '../../support/emulatorRuns.ts';

// On a shared target other people's events never stop, so a new webhook may get a
// delivery the instant it can receive: when it is created, or where it starts
// Disabled, when it is enabled. The backoff measure judges the first batch its
// webhook was sent; that batch must meet an endpoint already failing, or it is
// answered 200, never retried, and a correct target FAILs DL-BACKOFF-CAP ("no
// retry came"). Here an event is published just before each webhook create or
// enable is answered, so a delivery has been answered before the suite has the answer.

const scenarios = scenariosJudging(['DL-BACKOFF-CAP']);
let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

/** Long enough for a loopback delivery to be answered, so it comes before the create or enable is. */
const DELIVERED_MS = 150;
const STARTS_RECEIVING = /^\/webhooks(\/[^/]+\/enable)?$/;

async function emulatorPublishingAsWebhooksStart(faults: string[]): Promise<string> {
  emulator = await createEmulator({ faults });
  const { app, state } = emulator;
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'POST' && STARTS_RECEIVING.test(request.url) && reply.statusCode < 300) {
      state.events.publish({ type: 'account.created' });
      // Its delivery goes out now; the answer follows once it has been answered on loopback.
      await setTimeout(DELIVERED_MS);
    }
    return payload;
  });
  return emulator.listen();
}

test.each([[[]], [['webhooks-start-disabled']]])(
  'the backoff measure passes a correct target whose first delivery to its webhook came before the create or enable was answered (faults %j)',
  async (faults) => {
    const baseUrl = await emulatorPublishingAsWebhooksStart(faults);
    expect(problems(await runScenarios(scenarios, { baseUrl, seed: 1941380207 }))).toEqual([]);
  },
  120_000,
);
