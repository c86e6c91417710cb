import { expect, test } from 'vitest';
import { startEmulator } from '../../../emulator/emulator.ts';
import type { CheckRecord } from '../../../harness/records/checkRecords.ts';
import { decisioningScenarios } from '../../../suites/decisioning/index.ts';
import { LIFECYCLE_LANES } from '../../../suites/decisioning/lifecycleScenario.ts';
import { PROPERTY_LANES } from '../../../suites/decisioning/propertyScenarios.ts';
import { runScenarios } from '../../support/runScenarios.ts';

// The decisioning properties run their cases in lanes side by side. Which lane fails
// and what it shrinks to is the run seed's doing, never the schedule's: the scenario
// replayed alone (the first run has the whole area beside it), with the seed its failure prints, fails in the
// same lane with the same counterexample (a seeded fault: check-tolerance-101). So does the
// lifecycle's, whose lanes take the target's clock in turns (expired-rule-authorizes: only
// a case that moves the clock finds it).

const CASES = [
  { fault: 'check-tolerance-101', requirement: 'DC-PROPERTY-CHECK', lanes: PROPERTY_LANES },
  { fault: 'expired-rule-authorizes', requirement: 'DC-LIFECYCLE-MODEL', lanes: LIFECYCLE_LANES },
];

async function failureOf(
  { fault, requirement }: (typeof CASES)[number],
  scenarios: Parameters<typeof runScenarios>[0],
  seed: number,
  concurrency: number,
): Promise<CheckRecord | undefined> {
  const emulator = await startEmulator({ faults: [fault] });
  try {
    const records = await runScenarios(scenarios, { baseUrl: emulator.url(), seed, concurrency, aloneReruns: 0 });
    return records.find((record) => record.requirementId === requirement && record.outcome === 'FAIL');
  } finally {
    await emulator.close();
  }
}

test.each(CASES)(
  "$requirement: a lane's failure replays by the run seed to the same lane and counterexample ($fault)",
  async (entry) => {
    const first = await failureOf(entry, decisioningScenarios, 4242, 4);
    const details = first?.evidence?.details as { lane?: string; fastCheckSeed?: number } | undefined;
    expect(details?.lane).toMatch(new RegExp(`^lane \\d+ of ${entry.lanes}$`));
    expect(first?.message).toContain(`in ${details?.lane}`);
    // The seed the failure carries is the run's, which every face's replay command gives `run --seed`.
    expect(first?.evidence?.seed).toBe(4242);
    const scenario = decisioningScenarios.filter((entry) => entry.id === first?.itemId);
    expect(scenario).toHaveLength(1);

    const replayed = await failureOf(entry, scenario, first?.evidence?.seed as number, 1);
    const replayedDetails = replayed?.evidence?.details as typeof details;
    expect(replayedDetails?.lane).toBe(details?.lane);
    expect(replayedDetails?.fastCheckSeed).toBe(details?.fastCheckSeed);
    expect(replayed?.evidence?.counterexample).toEqual(first?.evidence?.counterexample);
  },
  300_000,
);
