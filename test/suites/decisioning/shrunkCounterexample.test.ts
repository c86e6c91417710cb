import { describe, expect, test } from 'vitest';
import { replayCommand } from '../../../cli/commandLineText.ts';
import { decisioningScenarios } from '../../../suites/decisioning/index.ts';
import { runAgainstEmulator, scenariosJudging, worstById } from '../../support/emulatorRuns.ts';

// Must show: check-tolerance-101 and drawdown-accepts-awaiting-documents-rule make
// the right ids FAIL, and each failing property check carries the shrunk
// counterexample and the seed that replays it.

const CASES = [
  { fault: 'check-tolerance-101', fixed: 'DC-CHECK-TOLERANCE-OUTSIDE', properties: ['DC-PROPERTY-CHECK'] },
  {
    fault: 'drawdown-accepts-awaiting-documents-rule',
    fixed: 'DC-DRAWDOWN-AWAITING-REJECTED',
    properties: ['DC-PROPERTY-DRAWDOWN', 'DC-LIFECYCLE-MODEL'],
  },
];

describe.each(CASES)('$fault', ({ fault, fixed, properties }) => {
  test(`${fixed} and ${properties.join(', ')} FAIL with the shrunk counterexample in the evidence`, async () => {
    const records = await runAgainstEmulator(scenariosJudging([fixed, ...properties], decisioningScenarios), [fault]);
    const worst = worstById(records);
    expect(worst.get(fixed)).toBe('FAIL');
    for (const id of properties) {
      const failure = records.find((record) => record.requirementId === id && record.outcome === 'FAIL');
      expect(failure, `${id} should FAIL`).toBeDefined();
      // The run seed, which `run --seed` accepts: the replay command every face prints for the check
      // (cli/commandLineText.ts) rather than a code snippet, and none of the property's own.
      expect(failure?.evidence?.seed).toBe(1);
      expect(replayCommand({ seed: failure?.evidence?.seed as number }, failure?.itemId, id)).toBe(
        `npx banking-api-conformance run --grep '${failure?.itemId}' --seed 1`,
      );
      expect(failure?.evidence?.details).not.toHaveProperty('replay');
      expect(failure?.evidence?.counterexample).toBeDefined();
      expect(JSON.stringify(failure?.evidence?.counterexample)).not.toBe('{}');
      expect((failure?.evidence?.details as { path?: string }).path).toMatch(/^\d+(:\d+)*$/);
    }
    // The untouched requirements stay green: the fault is pinned to its ids.
    expect(worst.get('DC-PROPERTY-ACH') ?? 'PASS').toBe('PASS');
  });
});

test('the shrunk check counterexample is the 101-cent boundary', async () => {
  const records = await runAgainstEmulator(scenariosJudging(['DC-PROPERTY-CHECK'], decisioningScenarios), ['check-tolerance-101']);
  const failure = records.find((record) => record.requirementId === 'DC-PROPERTY-CHECK' && record.outcome === 'FAIL');
  expect(failure?.message).toMatch(/decided Processed; the documents require Blocked/);
  const example = failure?.evidence?.counterexample as { rules: Array<{ amount: number }>; payments: Array<{ amount: number }> };
  const differences = example.payments.flatMap((payment) => example.rules.map((rule) => Math.abs(payment.amount - rule.amount)));
  expect(differences).toContain(101);
});

test('replaying the scenario alone with the run seed finds the same counterexample', async () => {
  const scenarios = scenariosJudging(['DC-PROPERTY-CHECK'], decisioningScenarios);
  const failureOf = (records: Awaited<ReturnType<typeof runAgainstEmulator>>) =>
    records.find((record) => record.requirementId === 'DC-PROPERTY-CHECK' && record.outcome === 'FAIL');
  const first = failureOf(await runAgainstEmulator(scenarios, ['check-tolerance-101'], 'sandbox', 77));
  const scenario = scenarios.find((entry) => entry.id === first?.itemId);
  expect(scenario, 'the failing scenario').toBeDefined();
  expect(first?.evidence?.counterexample).toBeDefined();
  const replayed = failureOf(
    await runAgainstEmulator([scenario as (typeof scenarios)[number]], ['check-tolerance-101'], 'sandbox', first?.evidence?.seed as number),
  );
  expect(replayed?.evidence?.counterexample).toEqual(first?.evidence?.counterexample);
});
