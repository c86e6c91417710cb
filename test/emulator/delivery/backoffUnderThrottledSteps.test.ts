import { afterEach, expect, test } from 'vitest';
import { createEmulator, type Emulator } from '../../../emulator/emulator.ts';
import { CONTROL_PREFIX, CONTROL_ROUTES } from '../../../contract/facts/controlRoutes.ts';
import { scenariosJudging, worstById } from '../../support/emulatorRuns.ts';
import { runScenarios } from '../../support/runScenarios.ts';

// The backoff measure steps a frozen clock and waits for each retry. A target that
// throttles the suite's own calls must not change what it measures: here the clock
// step right after every step that made a timer fall due (while the retry it fired may
// be on its way) and every third clock read are answered 429 with Retry-After as an
// HTTP date. Placed there on purpose, not left to where a counter happens to land.
// The correct backoff still passes, and a doubling one still fails.

const ADVANCE = `${CONTROL_PREFIX}${CONTROL_ROUTES.advanceClock.path}`;
const READ = `${CONTROL_PREFIX}${CONTROL_ROUTES.readClock.path}`;
const READS_PER_REFUSAL = 3;
const scenarios = scenariosJudging(['DL-BACKOFF-CAP']);

/** An HTTP date a second ahead, whole seconds as the Date header writes them. */
const aSecondAhead = (): string => new Date(Math.floor(Date.now() / 1000) * 1000 + 1000).toUTCString();

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function emulatorThrottlingBetweenSteps(faults: string[]): Promise<{ baseUrl: string; refused: () => number }> {
  emulator = await createEmulator({ faults });
  const { app } = emulator;
  let refuseNextStep = false;
  let reads = 0;
  let refused = 0;
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0];
    const step = request.method === 'POST' && path === ADVANCE;
    const read = request.method === 'GET' && path === READ && (reads += 1) % READS_PER_REFUSAL === 0;
    if (!(step && refuseNextStep) && !read) return;
    if (step) refuseNextStep = false;
    refused += 1;
    await reply
      .code(429)
      .header('retry-after', aSecondAhead())
      .send({ errors: [{ status: '429', title: 'Too many requests' }] });
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'POST' && request.url.split('?')[0] === ADVANCE && reply.statusCode === 200) {
      const fired = (JSON.parse(String(payload)) as { fired?: number }).fired ?? 0;
      refuseNextStep = fired > 0;
    }
    return payload;
  });
  return { baseUrl: await emulator.listen(), refused: () => refused };
}

test('a correct backoff passes when the steps after a retry fell due and some clock reads are answered 429', async () => {
  const { baseUrl, refused } = await emulatorThrottlingBetweenSteps([]);
  const outcomes = worstById(await runScenarios(scenarios, { baseUrl }));
  expect(refused()).toBeGreaterThanOrEqual(10);
  expect(outcomes.get('DL-BACKOFF-FIBONACCI')).toBe('PASS');
  expect(outcomes.get('DL-BACKOFF-CAP')).toBe('PASS');
}, 240_000);

test('a doubling backoff still fails DL-BACKOFF-FIBONACCI under the same throttling', async () => {
  const { baseUrl, refused } = await emulatorThrottlingBetweenSteps(['backoff-doubling']);
  const outcomes = worstById(await runScenarios(scenarios, { baseUrl }));
  expect(refused()).toBeGreaterThanOrEqual(10);
  expect(outcomes.get('DL-BACKOFF-FIBONACCI')).toBe('FAIL');
}, 240_000);
