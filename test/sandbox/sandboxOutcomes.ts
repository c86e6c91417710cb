import { type CheckRecord, type Outcome, worstOutcome } from '../../harness/checkRecords.ts';
import { requirementCatalogue } from '../../harness/requirementCatalogue.ts';
import type { Scenario } from '../../harness/scenario.ts';
import { runScenarios } from '../../harness/scenarioRunner.ts';
import type { TargetManifestFile } from '../../harness/targetManifest.ts';
import { startEmulator, type EmulatorOptions } from '../../emulator/emulator.ts';

// Runs scenarios in-process against a fresh emulator (optionally with faults or
// in the live environment) and folds the records per requirement.

export async function runAgainstEmulator(
  scenarios: readonly Scenario[],
  options: EmulatorOptions = {},
  manifest?: Partial<TargetManifestFile>,
): Promise<CheckRecord[]> {
  const emulator = await startEmulator(options);
  try {
    return await runScenarios(scenarios, { baseUrl: emulator.url(), ...(manifest ? { manifest } : {}) });
  } finally {
    await emulator.close();
  }
}

export function worstById(records: readonly CheckRecord[]): Map<string, Outcome> {
  const grouped = new Map<string, Outcome[]>();
  for (const record of records) grouped.set(record.requirementId, [...(grouped.get(record.requirementId) ?? []), record.outcome]);
  return new Map([...grouped].map(([id, outcomes]) => [id, worstOutcome(outcomes) as Outcome]));
}

/** What a break of the requirement looks like: FAIL for a MUST, WARN for a SHOULD. */
export const brokenOutcome = (id: string): Outcome => (requirementCatalogue().get(id).level === 'SHOULD' ? 'WARN' : 'FAIL');

/** The scenarios that declare any of these ids. */
export const scenariosDeclaring = (scenarios: readonly Scenario[], ids: readonly string[]): Scenario[] =>
  scenarios.filter((scenario) => ids.some((id) => scenario.requirements.includes(id)));

export const notPassing = (records: readonly CheckRecord[]): string[] =>
  records
    .filter((record) => !['PASS', 'OBSERVED', 'SKIP'].includes(record.outcome))
    .map((record) => `${record.outcome} ${record.requirementId} ${record.scenarioId}: ${record.message}`);
