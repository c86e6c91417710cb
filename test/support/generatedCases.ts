import type { CheckRecord } from '../../harness/records/checkRecords.ts';
import { decisioningScenarios } from '../../suites/decisioning/index.ts';

/** The property-based and model-based (lifecycle) scenarios of the area. */
export const GENERATED_SCENARIOS = decisioningScenarios.filter(
  (scenario) => scenario.id.startsWith('decisioning/property/') || scenario.id.startsWith('decisioning/lifecycle/'),
);

/** Generated cases that agreed with the model, as the passing checks report them. */
export function generatedCaseCount(records: readonly CheckRecord[]): number {
  return records
    .filter((record) => record.requirementId.startsWith('DC-') && record.outcome === 'PASS')
    .map((record) => Number(/(\d+) generated cases agreed/.exec(record.message)?.[1] ?? 0))
    .reduce((sum, count) => sum + count, 0);
}
