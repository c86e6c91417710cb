import { startEmulator } from '../../emulator/emulator.ts';
import { type CheckRecord, type Outcome, worstOutcome } from '../../harness/records/checkRecords.ts';
import type { Environment } from '../../contract/catalogue/requirementCatalogue.ts';
import type { Scenario } from '../../harness/engine/scenario.ts';
import { AREAS } from '../../harness/engine/scenario.ts';
import { runScenarios } from './runScenarios.ts';
import { SCENARIOS_BY_AREA } from '../../suites/scenarioIndex.ts';

// Runs scenarios in-process against a fresh emulator started with the given
// faults, and reads the outcome per requirement: what every verdict test needs.

export const ALL_SCENARIOS: readonly Scenario[] = AREAS.flatMap((area) => SCENARIOS_BY_AREA[area]);

export async function runAgainstEmulator(
  scenarios: readonly Scenario[],
  faults: readonly string[] = [],
  environment: Environment = 'sandbox',
  seed = 1,
  /** Fuzz the schedule (run --schedule-seed). */
  scheduleSeed?: number,
  /** How many failed scenarios run again alone (harness EngineOptions.aloneReruns). */
  aloneReruns?: number,
): Promise<CheckRecord[]> {
  const emulator = await startEmulator({ faults, environment });
  try {
    return await runScenarios(scenarios, {
      baseUrl: emulator.url(),
      manifest: { environment },
      seed,
      ...(scheduleSeed !== undefined ? { scheduleSeed } : {}),
      ...(aloneReruns !== undefined ? { aloneReruns } : {}),
    });
  } finally {
    await emulator.close();
  }
}

export function worstById(records: readonly CheckRecord[]): Map<string, Outcome> {
  const grouped = new Map<string, Outcome[]>();
  for (const record of records) grouped.set(record.requirementId, [...(grouped.get(record.requirementId) ?? []), record.outcome]);
  return new Map([...grouped].map(([id, outcomes]) => [id, worstOutcome(outcomes) as Outcome]));
}

/** Records that are neither PASS, OBSERVED nor SKIP, formatted for an assertion message. */
export const problems = (records: readonly CheckRecord[]): string[] =>
  records
    .filter((record) => !['PASS', 'OBSERVED', 'SKIP'].includes(record.outcome))
    .map((record) => `${record.outcome} ${record.requirementId} ${record.itemId}: ${record.message}`);

/** The scenarios that declare any of these requirement ids: the ones that can reveal a break of them. */
export function scenariosJudging(ids: readonly string[], from: readonly Scenario[] = ALL_SCENARIOS): Scenario[] {
  return from.filter((scenario) => ids.some((id) => scenario.requirements.includes(id)));
}
