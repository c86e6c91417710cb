import { expect, test } from 'vitest';
import { startEmulator } from '../../../emulator/emulator.ts';
import { SCENARIOS_BY_AREA } from '../../../suites/scenarioIndex.ts';
import { problems } from '../../support/emulatorRuns.ts';
import { runScenarios } from '../../support/runScenarios.ts';

// A wait for deliveries goes past the scenario's delivery patience while the target is still
// delivering the events made before the awaited ones (suites/shared/deliveryWait.ts): a
// correct target that delivers one at a time (AtMostOnce, 6.1), slowly, to a webhook that
// has a backlog, is not failed for it. Here every delivery leaves 1.5 s late
// (delivery-lag-every), a burst of events lands on the scenario's webhook as soon as it
// exists, and the patience is 20 s: the scenario's own waits take some 12 s (each delivery
// 1.5 s late, each quiet watch twice that; more on a busy machine, which lengthens the quiet
// watches), and the backlog 15 s more. The scenario must take longer than its patience and
// still pass: only time given back for the backlog allows both.

const BURST = 10;
const PATIENCE_MS = 20_000;
/** The scenario's webhook, by the sink path it is created with. */
const WEBHOOK = 'update-before';
const scenario = SCENARIOS_BY_AREA.delivery.find((candidate) => candidate.id === 'delivery/update-takes-effect');

test('a backlog ahead of the awaited events drains past the patience, and the update is judged', { timeout: 120_000 }, async () => {
  if (!scenario) throw new Error('delivery/update-takes-effect is gone from the delivery area');
  const emulator = await startEmulator({ faults: ['delivery-lag-every'] });
  const token = emulator.state.tokens.mint();
  let injected = 0;
  let stop = false;
  // As soon as the scenario's first webhook exists, events it is subscribed to pile up ahead of its own.
  const burst = (async () => {
    while (!stop) {
      const listed = await fetch(`${emulator.url()}/webhooks`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await listed.json()) as { data?: Array<{ attributes?: { url?: string } }> };
      if (body.data?.some((webhook) => webhook.attributes?.url?.includes(WEBHOOK))) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (; injected < BURST && !stop; injected += 1) {
      const response = await fetch(`${emulator.url()}/_emulator/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'account.updated' }),
      });
      expect(response.status).toBe(201);
    }
  })();
  try {
    const durations: number[] = [];
    const records = await runScenarios([scenario], {
      baseUrl: emulator.url(),
      manifest: { deliveryPatienceMs: PATIENCE_MS },
      seed: 1,
      onResult: (result) => durations.push(result.durationMs),
    });
    stop = true;
    await burst;
    expect(injected).toBe(BURST);
    expect(durations[0]).toBeGreaterThan(PATIENCE_MS);
    expect(problems(records)).toEqual([]);
    expect(records.find((record) => record.requirementId === 'DL-UPDATE-TAKES-EFFECT')?.outcome).toBe('PASS');
  } finally {
    stop = true;
    await burst.catch(() => undefined);
    await emulator.close();
  }
});
