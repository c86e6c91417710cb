import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator, type Emulator } from '../../../emulator/emulator.ts';
import { AREAS } from '../../../harness/engine/scenario.ts';
import { runScenarios } from '../../support/runScenarios.ts';
import { footprintOf } from '../../../harness/engine/sharedState.ts';
import { SCENARIOS_BY_AREA } from '../../../suites/scenarioIndex.ts';

// A scenario that declares nothing about the clock runs beside one that freezes
// it (the backoff measure, suites/delivery/frozenBackoff.ts). So each must hold
// on a clock that never moves: one that relies on time passing (createdAt in
// creation order, a since between two of its own resources) has to read the clock.

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ clock: { scale: 0 } });
});
afterAll(async () => {
  await emulator?.close();
});

const clockFree = AREAS.flatMap((area) => SCENARIOS_BY_AREA[area]).filter((scenario) => {
  const footprint = footprintOf(scenario);
  return !footprint.reads.has('clock') && !footprint.moves.has('clock');
});

test(`the ${clockFree.length} scenarios that do not declare the clock pass on a frozen one`, async () => {
  expect(clockFree.length).toBeGreaterThan(100);
  const records = await runScenarios(clockFree, { baseUrl: emulator.url() });
  const troubled = records
    .filter((record) => record.outcome === 'FAIL' || record.outcome === 'UNTESTABLE')
    .map((record) => `${record.itemId}: ${record.outcome} ${record.requirementId} ${record.message.slice(0, 300)}`);
  expect(troubled).toEqual([]);
}, 300_000);
