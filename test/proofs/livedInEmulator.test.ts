import { expect, test } from 'vitest';
import { startEmulator } from '../../emulator/emulator.ts';
import { runScenarios } from '../support/runScenarios.ts';
import { ALL_SCENARIOS, problems } from '../support/emulatorRuns.ts';

// Every capability judged on a store that is not empty: the emulator first
// filled with other tenants' rules, webhooks (some Enabled, pointing at endpoints
// that fail) and thousands of events. A check that only holds on an empty
// target would fail here.

test('the whole suite with every capability against a lived-in emulator: no FAIL, WARN or UNTESTABLE', async () => {
  const emulator = await startEmulator({ livedIn: { seed: 7, events: 5000 } });
  try {
    const records = await runScenarios(ALL_SCENARIOS, { baseUrl: emulator.url(), seed: 3 });
    expect(problems(records)).toEqual([]);
  } finally {
    await emulator.close();
  }
}, 300_000);
