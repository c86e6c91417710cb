import { expect, test } from 'vitest';
import { runAgainstEmulator, scenariosJudging, worstById } from '../../support/emulatorRuns.ts';

// Must show: rule responses without createdAt make PP-RULE-RESOURCE-SHAPE FAIL.

test('rule-without-created-at makes PP-RULE-RESOURCE-SHAPE FAIL', async () => {
  const records = await runAgainstEmulator(scenariosJudging(['PP-RULE-RESOURCE-SHAPE']), ['rule-without-created-at']);
  expect(worstById(records).get('PP-RULE-RESOURCE-SHAPE')).toBe('FAIL');
  const failure = records.find((record) => record.requirementId === 'PP-RULE-RESOURCE-SHAPE' && record.outcome === 'FAIL');
  expect(failure?.message).toMatch(/createdAt/);
});
