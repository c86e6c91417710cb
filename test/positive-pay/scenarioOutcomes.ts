import { type CheckRecord, type Outcome, worstOutcome } from '../../harness/checkRecords.ts';
import { OPERATIONS } from '../../harness/operationCatalogue.ts';
import type { Scenario } from '../../harness/scenario.ts';
import { runScenarios } from '../../harness/scenarioRunner.ts';
import { startEmulator } from '../../emulator/emulator.ts';
import { authScenarios } from '../../suites/auth/index.ts';
import { conventionsScenarios } from '../../suites/conventions/index.ts';
import { positivePayScenarios } from '../../suites/positive-pay/index.ts';

// Runs the positive pay, auth and conventions scenarios against an emulator
// started with the given faults, and folds the records by requirement.

export const OWN_SCENARIOS: readonly Scenario[] = [...positivePayScenarios, ...authScenarios, ...conventionsScenarios];
export const OWN_PREFIXES = ['PP-', 'AU-', 'GN-'];

export async function runAgainstEmulator(scenarios: readonly Scenario[], faults: readonly string[] = []): Promise<CheckRecord[]> {
  const emulator = await startEmulator({ faults });
  try {
    return await runScenarios(scenarios, { baseUrl: emulator.url() });
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

/** Requirements the harness judges on every call are declared by no scenario; these scenarios exercise them. */
const HARNESS_JUDGED: Record<string, (scenario: Scenario) => boolean> = {
  'PP-RULE-RESOURCE-SHAPE': (scenario) => scenario.id.startsWith('positive-pay/create/'),
  'PP-LIST-SHAPE': (scenario) => scenario.id === 'positive-pay/list/limit-offset',
};

/** The scenarios that can reveal a break of any of these requirement ids. */
export function scenariosJudging(ids: readonly string[]): Scenario[] {
  return OWN_SCENARIOS.filter((scenario) =>
    ids.some((id) => scenario.requirements.includes(id) || HARNESS_JUDGED[id]?.(scenario) === true));
}

export const operationCount = (): number => Object.keys(OPERATIONS).length;
