import { expect, test } from 'vitest';
import { runAgainstEmulator, scenariosJudging, worstById } from '../../support/emulatorRuns.ts';

// Must show: an ACH rule with neither originator member answered 201 makes the
// MUST "no rule is created" FAIL and the SHOULD "4xx" WARN.

test('invalid-rule-answered-201 makes PP-ACH-ORIGINATOR-REQUIRED FAIL and PP-RULE-INVALID-4XX WARN', async () => {
  const records = await runAgainstEmulator(
    scenariosJudging(['PP-ACH-ORIGINATOR-REQUIRED', 'PP-CHECK-REQUIRED-MEMBERS', 'PP-RULE-ACCOUNT-REQUIRED']),
    ['invalid-rule-answered-201'],
  );
  const worst = worstById(records);
  expect(worst.get('PP-ACH-ORIGINATOR-REQUIRED')).toBe('FAIL');
  expect(worst.get('PP-RULE-INVALID-4XX')).toBe('WARN');
  // The other invalid creates (check members, account) are still refused.
  expect(worst.get('PP-CHECK-REQUIRED-MEMBERS')).toBe('PASS');
  expect(worst.get('PP-RULE-ACCOUNT-REQUIRED')).toBe('PASS');
});
