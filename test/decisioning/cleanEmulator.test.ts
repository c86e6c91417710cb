import { expect, test } from 'vitest';
import { requirementCatalogue } from '../../harness/requirementCatalogue.ts';
import { decisioningScenarios } from '../../suites/decisioning/index.ts';
import { runAgainstEmulator, worstById } from './decisioningOutcomes.ts';

// Must show: against the clean emulator every DC- requirement is PASS or OBSERVED.

test('every DC- requirement is PASS or OBSERVED against the clean emulator', async () => {
  const { records } = await runAgainstEmulator(decisioningScenarios);
  const problems = records.filter((record) => !['PASS', 'OBSERVED'].includes(record.outcome)).map((record) => `${record.outcome} ${record.requirementId}: ${record.message}`);
  expect(problems).toEqual([]);
  const worst = worstById(records);
  for (const requirement of requirementCatalogue().all().filter((entry) => entry.id.startsWith('DC-') && !entry.excluded)) {
    expect([requirement.id, worst.get(requirement.id)]).toEqual([requirement.id, requirement.level === 'OBSERVE' ? 'OBSERVED' : 'PASS']);
  }
});
