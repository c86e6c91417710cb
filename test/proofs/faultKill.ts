import type { FaultDefinition } from '../../emulator/faultCatalogue.ts';
import type { CheckRecord, Outcome } from '../../harness/records/checkRecords.ts';
import type { Environment } from '../../contract/catalogue/requirementCatalogue.ts';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import type { Scenario } from '../../harness/engine/scenario.ts';
import { runAgainstEmulator, scenariosJudging, worstById } from '../support/emulatorRuns.ts';

// One row of the kill matrix: start the emulator with one fault, run the scenarios
// that judge the requirements it claims to break (its selection), and see which of
// those the suite caught. Caught means FAIL or UNTESTABLE for MUST, WARN for SHOULD.

export interface KillRow {
  fault: string;
  area: string;
  breaks: readonly string[];
  detected: string[];
  missed: Array<{ id: string; outcome: Outcome | 'no result' }>;
  scenarios: number;
  ms: number;
}

const NO_ALONE_RERUNS = 0;

const CAUGHT: Record<string, readonly Outcome[]> = { MUST: ['FAIL', 'UNTESTABLE'], SHOULD: ['WARN', 'FAIL', 'UNTESTABLE'], OBSERVE: [] };

/** The requirement ids the fault breaks that no scenario of the selection declares: those it cannot catch. */
export function unjudged(fault: FaultDefinition, selection: readonly Scenario[]): string[] {
  return fault.breaks.filter((id) => !selection.some((scenario) => scenario.requirements.includes(id)));
}

/** What fails the matrix for this row: each requirement id broken and not caught. */
export function escapes(row: KillRow): string[] {
  return row.missed.map((missed) => `${row.fault}: ${missed.id} (${missed.outcome})`);
}

/** The selection is the scenarios judging what the fault breaks; the matrix's self-check passes a wrong one. */
export async function killFault(fault: FaultDefinition, scenarios: readonly Scenario[] = scenariosJudging(fault.breaks)): Promise<KillRow> {
  const started = performance.now();
  const catalogue = requirementCatalogue();
  // A fault may break a sandbox-only and a live-only requirement: run each environment it needs.
  const environments = new Set(
    fault.breaks.map((id) => (catalogue.get(id).environments.includes('sandbox') ? 'sandbox' : 'live') as Environment),
  );
  const records: CheckRecord[] = [];
  // Running a failed scenario again alone only tells whether the failure was the schedule's; the outcome stands either way.
  for (const environment of environments)
    records.push(...(await runAgainstEmulator(scenarios, [fault.name], environment, 1, undefined, NO_ALONE_RERUNS)));
  const worst = worstById(records.filter((record) => record.outcome !== 'SKIP'));
  const detected: string[] = [];
  const missed: KillRow['missed'] = [];
  for (const id of fault.breaks) {
    const outcome = worst.get(id);
    if (outcome && CAUGHT[catalogue.get(id).level]?.includes(outcome)) detected.push(id);
    else missed.push({ id, outcome: outcome ?? 'no result' });
  }
  return {
    fault: fault.name,
    area: fault.area,
    breaks: fault.breaks,
    detected,
    missed,
    scenarios: scenarios.length,
    ms: Math.round(performance.now() - started),
  };
}

export function formatMatrix(rows: readonly KillRow[]): string {
  const width = Math.max(...rows.map((row) => row.fault.length), 5);
  const lines = rows.map((row) => {
    const mark = row.missed.length === 0 ? 'KILLED' : 'MISSED';
    const missed = row.missed.length ? `  missed: ${row.missed.map((m) => `${m.id} (${m.outcome})`).join(', ')}` : '';
    return `${mark}  ${row.fault.padEnd(width)}  ${row.detected.join(', ')}${missed}  [${row.scenarios} scenarios, ${row.ms} ms]`;
  });
  const killed = rows.filter((row) => row.missed.length === 0).length;
  const rate = rows.length === 0 ? 0 : (100 * killed) / rows.length;
  return [`Kill matrix: fault × requirement ids detected`, ...lines, `Kill rate: ${killed}/${rows.length} = ${rate.toFixed(1)}%`].join(
    '\n',
  );
}
