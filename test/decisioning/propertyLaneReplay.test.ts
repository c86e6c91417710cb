import { expect, test } from 'vitest';
import { startEmulator } from '../../emulator/emulator.ts';
import type { CheckRecord } from '../../harness/records/checkRecords.ts';
import { decisioningScenarios } from '../../suites/decisioning/index.ts';
import { PROPERTY_LANES } from '../../suites/decisioning/propertyScenarios.ts';
import { runScenarios } from '../support/runScenarios.ts';

// The decisioning properties run their cases in lanes side by side. Which lane fails
// and what it shrinks to is the run seed's doing, never the schedule's: the scenario
// replayed alone (the first run has the whole area beside it), with the seed its failure prints, fails in the
// same lane with the same counterexample (a seeded fault: check-tolerance-101).

const FAULT = 'check-tolerance-101';
const REQUIREMENT = 'DC-PROPERTY-CHECK';

async function failureOf(
  scenarios: Parameters<typeof runScenarios>[0],
  seed: number,
  concurrency: number,
): Promise<CheckRecord | undefined> {
  const emulator = await startEmulator({ faults: [FAULT] });
  try {
    const records = await runScenarios(scenarios, { baseUrl: emulator.url(), seed, concurrency, aloneReruns: 0 });
    return records.find((record) => record.requirementId === REQUIREMENT && record.outcome === 'FAIL');
  } finally {
    await emulator.close();
  }
}

test("a property lane's failure replays by the run seed to the same lane and counterexample", async () => {
  const first = await failureOf(decisioningScenarios, 4242, 4);
  const details = first?.evidence?.details as { lane?: string; fastCheckSeed?: number } | undefined;
  expect(details?.lane).toMatch(new RegExp(`^lane \\d+ of ${PROPERTY_LANES}$`));
  expect(first?.message).toContain(`in ${details?.lane}`);
  // The seed the failure carries is the run's, which every face's replay command gives `run --seed`.
  expect(first?.evidence?.seed).toBe(4242);
  const scenario = decisioningScenarios.filter((entry) => entry.id === first?.scenarioId);
  expect(scenario).toHaveLength(1);

  const replayed = await failureOf(scenario, first?.evidence?.seed as number, 1);
  const replayedDetails = replayed?.evidence?.details as typeof details;
  expect(replayedDetails?.lane).toBe(details?.lane);
  expect(replayedDetails?.fastCheckSeed).toBe(details?.fastCheckSeed);
  expect(replayed?.evidence?.counterexample).toEqual(first?.evidence?.counterexample);
}, 300_000);
