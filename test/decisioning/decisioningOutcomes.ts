import { type CheckRecord, type Outcome, worstOutcome } from '../../harness/checkRecords.ts';
import { requirementCatalogue } from '../../harness/requirementCatalogue.ts';
import type { Scenario } from '../../harness/scenario.ts';
import { runScenarios } from '../../harness/scenarioRunner.ts';
import { startEmulator } from '../../emulator/emulator.ts';

// Runs decisioning scenarios in-process against a fresh emulator and folds the
// records per requirement.

export async function runAgainstEmulator(scenarios: readonly Scenario[], faults: readonly string[] = []): Promise<{ records: CheckRecord[]; ms: number }> {
  const emulator = await startEmulator({ faults });
  const started = performance.now();
  try {
    const records = await runScenarios(scenarios, { baseUrl: emulator.url() });
    return { records, ms: performance.now() - started };
  } finally {
    await emulator.close();
  }
}

export function worstById(records: readonly CheckRecord[]): Map<string, Outcome> {
  const grouped = new Map<string, Outcome[]>();
  for (const record of records) grouped.set(record.requirementId, [...(grouped.get(record.requirementId) ?? []), record.outcome]);
  return new Map([...grouped].map(([id, outcomes]) => [id, worstOutcome(outcomes) as Outcome]));
}

export const brokenOutcome = (id: string): Outcome => (requirementCatalogue().get(id).level === 'SHOULD' ? 'WARN' : 'FAIL');

export const scenariosDeclaring = (scenarios: readonly Scenario[], ids: readonly string[]): Scenario[] =>
  scenarios.filter((scenario) => ids.some((id) => scenario.requirements.includes(id)));
