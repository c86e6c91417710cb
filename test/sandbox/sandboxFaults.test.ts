import { describe, expect, test } from 'vitest';
import { sandboxFaults } from '../../emulator/sandbox/faults.ts';
import { sandboxScenarios } from '../../suites/sandbox/index.ts';
import { brokenOutcome, runAgainstEmulator, scenariosDeclaring, worstById } from './sandboxOutcomes.ts';

// Each sandbox-application fault makes the requirement ids it names come out
// broken (FAIL for a MUST, WARN for a SHOULD): the checks can fail.

const APPLICATION_FAULTS = sandboxFaults.filter((fault) => fault.breaks.every((id) => id.startsWith('SB-')));

describe('sandbox faults are detected', () => {
  test.each(APPLICATION_FAULTS.map((fault) => [fault.name, fault.breaks] as const))('%s breaks %j', async (name, breaks) => {
    const records = await runAgainstEmulator(scenariosDeclaring(sandboxScenarios, breaks), { faults: [name] });
    const worst = worstById(records);
    for (const id of breaks) expect([id, worst.get(id)]).toEqual([id, brokenOutcome(id)]);
  });
});
