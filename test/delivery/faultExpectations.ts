import { expect } from 'vitest';
import { requirementCatalogue, type Environment } from '../../harness/requirementCatalogue.ts';
import { runAgainstEmulator, scenariosJudging, worstById } from './scenarioOutcomes.ts';

// A seeded fault must be caught by each requirement it claims to break: FAIL for a
// MUST, WARN for a SHOULD, in the environment the requirement applies to.

export interface SeededFault {
  readonly name: string;
  readonly breaks: readonly string[];
}

const catalogue = requirementCatalogue();
const expectedOutcome = (id: string) => (catalogue.get(id).level === 'MUST' ? 'FAIL' : 'WARN');

export async function expectFaultDetected(fault: SeededFault): Promise<void> {
  const byEnvironment = new Map<Environment, string[]>();
  for (const id of fault.breaks) {
    const environment = catalogue.get(id).environments.includes('sandbox') ? 'sandbox' : 'live';
    byEnvironment.set(environment, [...(byEnvironment.get(environment) ?? []), id]);
  }
  for (const [environment, ids] of byEnvironment) {
    const records = await runAgainstEmulator(scenariosJudging(ids), [fault.name], environment);
    const worst = worstById(records);
    const outcomes = Object.fromEntries(ids.map((id) => [id, worst.get(id)]));
    expect(outcomes, `fault ${fault.name} in ${environment}`).toEqual(Object.fromEntries(ids.map((id) => [id, expectedOutcome(id)])));
  }
}
