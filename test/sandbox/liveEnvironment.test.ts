import { expect, test } from 'vitest';
import { sandboxScenarios } from '../../suites/sandbox/index.ts';
import { runAgainstEmulator, worstById } from '../support/emulatorRuns.ts';

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
