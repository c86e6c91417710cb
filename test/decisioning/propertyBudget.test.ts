import { expect, test } from 'vitest';
import { decisioningScenarios } from '../../suites/decisioning/index.ts';
import { runAgainstEmulator } from './decisioningOutcomes.ts';

// Must show: at least 500 generated cases in under 20 s against the in-process emulator.

const GENERATED = decisioningScenarios.filter((scenario) => scenario.id.startsWith('decisioning/property/') || scenario.id.startsWith('decisioning/lifecycle/'));

test('the property and lifecycle runs drive at least 500 generated cases in under 20 s', async () => {
  const { records, ms } = await runAgainstEmulator(GENERATED);
  const cases = records
    .filter((record) => record.requirementId.startsWith('DC-') && record.outcome === 'PASS')
    .map((record) => Number(/(\d+) generated cases agreed/.exec(record.message)?.[1] ?? 0))
    .reduce((sum, count) => sum + count, 0);
  expect(cases).toBeGreaterThanOrEqual(500);
  expect(ms).toBeLessThan(20_000);
});
