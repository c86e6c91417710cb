import { expect, test } from 'vitest';
import { sandboxScenarios } from '../../../suites/sandbox/index.ts';
import { problems, runAgainstEmulator, worstById } from '../../support/emulatorRuns.ts';

// API §4.5: the sandbox operations exist only in the sandbox. Against the
// emulator in the live environment SB-LIVE-ABSENT passes and every sandbox-only
// requirement SKIPs with the reason.

test('in the live environment the sandbox operations are absent and sandbox-only requirements SKIP', async () => {
  const records = await runAgainstEmulator(sandboxScenarios, [], 'live');
  const worst = worstById(records);
  expect(worst.get('SB-LIVE-ABSENT')).toBe('PASS');
  expect(worst.get('SB-TRIGGER-INDIVIDUAL-PENDING-REVIEW')).toBe('SKIP');
  const skip = records.find((record) => record.requirementId === 'SB-DOWNLOAD-FRONT');
  expect(skip?.message).toMatch(/sandbox only; the target is live/);
});

// The SSN triggers are the sandbox's: where live approves such an application at once,
// a refused approve or deny shows nothing and no document is there to probe, so
// SB-LIVE-ABSENT SKIPs saying why, and the 4xx of approve and deny is still judged.
test('in live where the SSN triggers are ordinary numbers, SB-LIVE-ABSENT SKIPs with the reason and nothing fails', async () => {
  const records = await runAgainstEmulator(sandboxScenarios, ['live-ssn-triggers-ordinary'], 'live');
  expect(problems(records)).toEqual([]);
  const worst = worstById(records);
  expect(worst.get('SB-LIVE-ABSENT')).toBe('SKIP');
  expect(worst.get('SB-LIVE-ABSENT-4XX')).toBe('PASS');
  const reasons = records.filter((record) => record.requirementId === 'SB-LIVE-ABSENT').map((record) => record.message);
  expect(reasons).toHaveLength(6);
  for (const reason of reasons) expect(reason).toMatch(/is Approved.*in live the SSN triggers of 4\.5 may be ordinary numbers/);
});

// 3.3: "other application transitions are outside this document". A live application that moves
// on by itself (here: from AwaitingDocuments to PendingReview a moment after its creation) is no
// effect of the refused document operations, so SB-LIVE-ABSENT passes and says what moved.
test('in live where an application moves to PendingReview by itself, SB-LIVE-ABSENT passes and names the move', async () => {
  const records = await runAgainstEmulator(sandboxScenarios, ['live-application-moves-to-review'], 'live');
  expect(problems(records)).toEqual([]);
  expect(worstById(records).get('SB-LIVE-ABSENT')).toBe('PASS');
  const moved = records.filter((record) => record.requirementId === 'SB-LIVE-ABSENT' && /meanwhile .*PendingReview/.test(record.message));
  expect(moved.map((record) => record.message).join('\n')).toMatch(/approveDocument does not do, so not its effect/);
});
