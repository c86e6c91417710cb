import { type CheckRecord, type Outcome, worstOutcome } from '../../harness/checkRecords.ts';
import type { Scenario } from '../../harness/scenario.ts';
import { runScenarios } from '../../harness/scenarioRunner.ts';
import type { Environment } from '../../harness/requirementCatalogue.ts';
import { startEmulator } from '../../emulator/emulator.ts';
import { deliveryScenarios } from '../../suites/delivery/index.ts';
import { eventsScenarios } from '../../suites/events/index.ts';
import { webhooksScenarios } from '../../suites/webhooks/index.ts';

// Runs the webhooks, delivery and events scenarios in-process against an emulator
// started with the given faults, and folds the records by requirement.

export const OWN_SCENARIOS: readonly Scenario[] = [...webhooksScenarios, ...deliveryScenarios, ...eventsScenarios];
export const OWN_PREFIXES = ['WH-', 'DL-', 'EV-'];

export async function runAgainstEmulator(
  scenarios: readonly Scenario[],
  faults: readonly string[] = [],
  environment: Environment = 'sandbox',
): Promise<CheckRecord[]> {
  const emulator = await startEmulator({ faults, environment });
  try {
    return await runScenarios(scenarios, { baseUrl: emulator.url(), manifest: { environment } });
  } finally {
    await emulator.close();
  }
}

export function worstById(records: readonly CheckRecord[]): Map<string, Outcome> {
  const grouped = new Map<string, Outcome[]>();
  for (const record of records) grouped.set(record.requirementId, [...(grouped.get(record.requirementId) ?? []), record.outcome]);
  return new Map([...grouped].map(([id, outcomes]) => [id, worstOutcome(outcomes)!]));
}

/** Records that are neither PASS nor OBSERVED (nor SKIP), formatted for an assertion message. */
export const problems = (records: readonly CheckRecord[]): string[] =>
  records
    .filter((record) => !['PASS', 'OBSERVED', 'SKIP'].includes(record.outcome))
    .map((record) => `${record.outcome} ${record.requirementId} ${record.scenarioId}: ${record.message}`);

/** The scenarios that can reveal a break of any of these requirement ids. */
export function scenariosJudging(ids: readonly string[]): Scenario[] {
  return OWN_SCENARIOS.filter((scenario) =>
    ids.some((id) => scenario.requirements.includes(id)));
}
