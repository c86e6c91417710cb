import { describe, test } from 'vitest';
import { webhooksFaults } from '../../emulator/webhooks/faults.ts';
import { expectFaultDetected } from '../delivery/faultExpectations.ts';

describe('webhook faults are detected by the requirements they break', () => {
  test.each(webhooksFaults.map((fault) => [fault.name, fault] as const))('%s', async (_name, fault) => {
    await expectFaultDetected(fault);
  });
});
