import { describe, test } from 'vitest';
import { eventsFaults } from '../../emulator/events/faults.ts';
import { expectFaultDetected } from '../delivery/faultExpectations.ts';

describe('event faults are detected by the requirements they break', () => {
  test.each(eventsFaults.map((fault) => [fault.name, fault] as const))('%s', async (_name, fault) => {
    await expectFaultDetected(fault);
  });
});
