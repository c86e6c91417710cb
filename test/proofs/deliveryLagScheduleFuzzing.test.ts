import { describe, test } from 'vitest';
import { startEmulator } from '../../emulator/emulator.ts';
import type { ToleratedVariation } from '../../emulator/faults/toleratedVariations.ts';
import type { CheckRecord } from '../../harness/records/checkRecords.ts';
import { SCENARIOS_BY_AREA } from '../../suites/scenarioIndex.ts';
import { problems } from '../support/emulatorRuns.ts';
import { runScenarios } from '../support/runScenarios.ts';

// Deliveries that come late are no fault of the target (6.1: "delays can occur
// under load"), however the scenarios that wait for them interleave. Under the
// schedule fuzzer (start order and pauses between calls vary with the seed) and at
// `--concurrency auto` against a target answering every 20th call 429, so that the
// limit moves while the scenarios run, each delivery-lag variation fails nothing
// in the scenarios that wait for deliveries, retries and resent copies.

const LAG_VARIATIONS: readonly ToleratedVariation[] = ['delivery-lag-every', 'delivery-lag-first'];
const SCHEDULE_SEEDS = [1, 2];
const RUN_SEED = 1505074099;

/** Every scenario that waits at the sink: the delivery area, and the events area's resends and delivered payloads. */
const waitingScenarios = [
  ...SCENARIOS_BY_AREA.delivery,
  ...SCENARIOS_BY_AREA.events.filter((scenario) => /^events\/(resend|ninety-day|card-fraud)/.test(scenario.id)),
];

async function fuzzed(variation: ToleratedVariation, scheduleSeed: number): Promise<CheckRecord[]> {
  const emulator = await startEmulator({ faults: [variation], rateLimit: { every: 20, retryAfterSeconds: 0 } });
  try {
    return await runScenarios(waitingScenarios, { baseUrl: emulator.url(), seed: RUN_SEED, scheduleSeed, concurrency: 'auto' });
  } finally {
    await emulator.close();
  }
}

/** Every variation with every schedule seed: four runs, each with an emulator of its own. */
const RUNS = LAG_VARIATIONS.flatMap((variation) => SCHEDULE_SEEDS.map((scheduleSeed) => ({ variation, scheduleSeed })));

// The four runs go side by side: they mostly wait for deliveries (held back by the
// variation), nothing of one emulator or session is another's, and the machine is busy, as CI's is.
describe('delivery lag under the schedule fuzzer', () => {
  test.concurrent.for(RUNS)(
    '$variation fails nothing with schedule seed $scheduleSeed',
    { timeout: 1_200_000 },
    async ({ variation, scheduleSeed }, { expect }) => {
      const records = await fuzzed(variation, scheduleSeed);
      const replay = `replay: run --seed ${RUN_SEED} --schedule-seed ${scheduleSeed} --concurrency auto --emulator-fault ${variation}`;
      expect(
        records.some((record) => record.requirementId === 'DL-BACKOFF-FIBONACCI' && record.outcome === 'PASS'),
        replay,
      ).toBe(true);
      expect(problems(records), replay).toEqual([]);
    },
  );
});
