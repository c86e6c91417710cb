import { expect, test } from 'vitest';
import { startEmulator } from '../../../emulator/emulator.ts';
import { runScenarios } from '../../support/runScenarios.ts';
import { footprintOf } from '../../../harness/engine/sharedState.ts';
import { SCENARIOS_BY_AREA } from '../../../suites/scenarioIndex.ts';
import { AREAS } from '../../../harness/engine/scenario.ts';

// A scenario that follows the clock (harness/engine/sharedState.ts) runs beside the scenarios
// that move it, so it must judge the same whatever the clock does meanwhile. Here the
// clock jumps a day every 15 ms while every follower runs, behind occasional 429s whose
// Retry-After is an HTTP date, with the run seed of a failure once seen: DC-PROPERTY-DRAWDOWN
// judged "PUT /positive-pay/{id}/documents answered 409" when the clock passed a rule's
// expirationDate between its create and its upload. How often the clock lands inside a
// case varies with load; the verdict must not.

const DAY_MS = 86_400_000;
const followers = AREAS.flatMap((area) => SCENARIOS_BY_AREA[area]).filter((scenario) => footprintOf(scenario).follows?.has('clock'));

test('the decisioning properties follow the clock', () => {
  expect(followers.map((scenario) => scenario.id)).toEqual(expect.arrayContaining(['decisioning/property/drawdown']));
});

test.each(followers.map((scenario) => [scenario.id, scenario] as const))(
  '%s passes while the clock moves on under it',
  async (_id, scenario) => {
    const emulator = await startEmulator({ faults: ['retry-after-http-date'] });
    const jumps = setInterval(() => emulator.state.clock.advance(DAY_MS), 15);
    try {
      const records = await runScenarios([scenario], { baseUrl: emulator.url(), manifest: { environment: 'sandbox' }, seed: 1147980803 });
      expect(
        records
          .filter((record) => record.outcome !== 'PASS')
          .map((record) => `${record.requirementId} ${record.outcome}: ${record.message}`),
      ).toEqual([]);
      expect(records.length).toBeGreaterThan(0);
    } finally {
      clearInterval(jumps);
      await emulator.close();
    }
  },
  120_000,
);
