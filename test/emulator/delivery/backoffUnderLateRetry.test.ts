import { afterEach, expect, test } from 'vitest';
import { createEmulator, type Emulator } from '../../../emulator/emulator.ts';
import { problems, scenariosJudging, worstById } from '../../support/emulatorRuns.ts';
import { runScenarios } from '../../support/runScenarios.ts';

// The backoff measure steps a frozen clock and waits a while for the retry a step made fall
// due; a retry that comes later than that (a stalled queue at the target, a busy machine
// here) finds the clock stepped on meanwhile, by steps that fired nothing. Those steps bound
// nothing: the retry fell due in the step that fired it. Under delivery-lag-spike the 8th
// delivery to a webhook leaves 3 s late (here the retry after the seventh pause) while the
// others leave at once, so the wait the run has learned is short when the late one comes.
// CI's npm test once failed DL-BACKOFF-FIBONACCI on a correct emulator this way.

const scenarios = scenariosJudging(['DL-BACKOFF-CAP']);

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function backoffVerdicts(faults: string[]) {
  emulator = await createEmulator({ faults });
  const records = await runScenarios(scenarios, { baseUrl: await emulator.listen() });
  return { outcomes: worstById(records), problems: problems(records) };
}

test('a correct backoff passes when a retry leaves seconds after it fell due', async () => {
  const { outcomes, problems: found } = await backoffVerdicts(['delivery-lag-spike']);
  expect(outcomes.get('DL-BACKOFF-FIBONACCI'), found.join('\n')).toBe('PASS');
  expect(outcomes.get('DL-BACKOFF-CAP'), found.join('\n')).toBe('PASS');
}, 240_000);

test('a doubling backoff still fails DL-BACKOFF-FIBONACCI with the same late retries', async () => {
  const { outcomes } = await backoffVerdicts(['delivery-lag-spike', 'backoff-doubling']);
  expect(outcomes.get('DL-BACKOFF-FIBONACCI')).toBe('FAIL');
}, 240_000);
