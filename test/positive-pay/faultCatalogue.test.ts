import { describe, expect, test } from 'vitest';
import { positivePayFaults } from '../../emulator/positivePay/faults.ts';
import { requirementCatalogue } from '../../harness/requirementCatalogue.ts';
import { runAgainstEmulator, scenariosJudging, worstById } from './scenarioOutcomes.ts';

// Every seeded fault of the positive pay area is detected by exactly the
// requirement ids it claims to break: FAIL for MUST, WARN for SHOULD.

const catalogue = requirementCatalogue();
const expectedOutcome = (id: string) => (catalogue.get(id).level === 'MUST' ? 'FAIL' : 'WARN');

describe('positive pay faults', () => {
  test.each(positivePayFaults.map((fault) => [fault.name, fault] as const))('%s is detected', async (_name, fault) => {
    const records = await runAgainstEmulator(scenariosJudging(fault.breaks), [fault.name]);
    const worst = worstById(records);
    const detected = Object.fromEntries(fault.breaks.map((id) => [id, worst.get(id)]));
    expect(detected).toEqual(Object.fromEntries(fault.breaks.map((id) => [id, expectedOutcome(id)])));
  });

  test('every fault names requirements that exist', () => {
    const unknown = positivePayFaults.flatMap((fault) => fault.breaks.filter((id) => !catalogue.has(id)).map((id) => `${fault.name}: ${id}`));
    expect(unknown).toEqual([]);
  });
});
