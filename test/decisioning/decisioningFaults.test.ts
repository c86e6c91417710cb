import { describe, expect, test } from 'vitest';
import { sandboxFaults } from '../../emulator/sandbox/faults.ts';
import { decisioningScenarios } from '../../suites/decisioning/index.ts';
import { brokenOutcome, runAgainstEmulator, scenariosDeclaring, worstById } from './decisioningOutcomes.ts';

// Each decisioning fault makes every requirement id it names come out broken.

const DECISIONING_FAULTS = sandboxFaults.filter((fault) => fault.breaks.every((id) => id.startsWith('DC-')));

describe('decisioning faults are detected', () => {
  test.each(DECISIONING_FAULTS.map((fault) => [fault.name, fault.breaks] as const))('%s breaks %j', async (name, breaks) => {
    const { records } = await runAgainstEmulator(scenariosDeclaring(decisioningScenarios, breaks), [name]);
    const worst = worstById(records);
    for (const id of breaks) expect([id, worst.get(id)]).toEqual([id, brokenOutcome(id)]);
  });
});
