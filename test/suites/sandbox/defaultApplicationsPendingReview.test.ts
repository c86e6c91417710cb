import { expect, test } from 'vitest';
import { sandboxScenarios } from '../../../suites/sandbox/index.ts';
import { problems, runAgainstEmulator, worstById } from '../../support/emulatorRuns.ts';

// API §4.5: "most applications are approved immediately; some go to manual review depending on
// applicant data". Where an application no trigger names goes to PendingReview, only the SHOULD
// that it be approved at once WARNs: the events are judged by the status it reached, and the
// scenarios that need an Approved application reach one by the sandbox approve (3.3).

test('default applications in PendingReview: SB-TRIGGER-DEFAULT-APPROVED WARNs, nothing fails or is untestable', async () => {
  const records = await runAgainstEmulator(sandboxScenarios, ['default-applications-pending-review']);
  const worst = worstById(records);
  expect(worst.get('SB-TRIGGER-DEFAULT-APPROVED')).toBe('WARN');
  expect(problems(records.filter((record) => record.requirementId !== 'SB-TRIGGER-DEFAULT-APPROVED'))).toEqual([]);
  for (const id of ['SB-TRIGGER-EVENTS', 'SB-APPROVE-WRONG-STATE', 'SB-DENY-WRONG-STATE']) expect(worst.get(id), id).toBe('PASS');
  const events = records.filter(
    (record) => record.requirementId === 'SB-TRIGGER-EVENTS' && /the row expects Approved/.test(record.message),
  );
  expect(events).toHaveLength(2);
  for (const record of events)
    expect(record.message).toMatch(/reached PendingReview .*fired application\.created, application\.pendingReview/);
  const routed = records.filter((record) => /approved by the sandbox approve/.test(record.message));
  expect(routed.map((record) => record.requirementId).sort()).toEqual(['SB-APPROVE-WRONG-STATE', 'SB-DENY-WRONG-STATE']);
});
