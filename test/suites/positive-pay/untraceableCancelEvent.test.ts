import { afterEach, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../../../emulator/emulator.ts';
import { scenariosJudging } from '../../support/emulatorRuns.ts';
import { runScenarios } from '../../support/runScenarios.ts';

// PP-CANCEL-EVENT counts a positivePay.cancelled naming no rule as perhaps the cancel's own only
// where it names the rule's account: on a shared sandbox one naming nothing of the run may be
// another tenant's. A target that fires none (cancel-without-event) beside a neighbour whose
// cancels name nothing is never passed on the neighbour's (it was, when any fresh event naming
// no rule counted).

let emulator: Emulator | undefined;
let neighbour: NodeJS.Timeout | undefined;
afterEach(async () => {
  clearInterval(neighbour);
  await emulator?.close();
  emulator = undefined;
});

test("a cancel that fires nothing is not passed on a neighbour's positivePay.cancelled naming nothing", { timeout: 300_000 }, async () => {
  emulator = await startEmulator({ faults: ['cancel-without-event'] });
  const store = emulator.state.events;
  // The neighbour keeps cancelling for as long as the run looks: the lookups wait at least their quiet time for the event.
  neighbour = setInterval(() => store.publish({ type: 'positivePay.cancelled', attributes: {}, relationships: {} }), 200);
  const records = await runScenarios(scenariosJudging(['PP-CANCEL-EVENT']), {
    baseUrl: emulator.url(),
    manifest: { environment: 'sandbox' },
    seed: 1,
  });
  const judged = records.filter((record) => record.requirementId === 'PP-CANCEL-EVENT');
  expect(judged.length).toBeGreaterThan(0);
  for (const record of judged) {
    expect(record.outcome, record.message).not.toBe('PASS');
    expect(record.message).toMatch(/named no resource of the run/);
  }
});
