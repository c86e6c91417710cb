import { expect, test } from 'vitest';
import { runAgainstEmulator, scenariosJudging } from '../../support/emulatorRuns.ts';

// Must show: a target whose every second cancel fires no positivePay.cancelled, while the
// others fire theirs, FAILs PP-CANCEL-EVENT on the cancel that fired nothing, though other
// rules' events appeared meanwhile (a check that took any fresh event passed it).

test('cancel-event-every-other-time fails PP-CANCEL-EVENT on a cancel that fired nothing of its own', async () => {
  const records = await runAgainstEmulator(
    scenariosJudging(['PP-CANCEL-EVENT']),
    ['cancel-event-every-other-time'],
    'sandbox',
    1,
    undefined,
    0,
  );
  const judged = records.filter((record) => record.requirementId === 'PP-CANCEL-EVENT');
  // Which cancel falls second depends on the schedule (the run's cleanup cancels rules too): at least one fails.
  const failed = judged.filter((record) => record.outcome === 'FAIL');
  expect(failed.length, judged.map((record) => `${record.outcome} ${record.message}`).join('\n')).toBeGreaterThan(0);
  for (const record of failed) expect(record.message).toMatch(/listed only other rules' or accounts' events|none appeared/);
});
