import { describe, test } from 'vitest';
import { deliveryFaults } from '../../emulator/delivery/faults.ts';
import { expectFaultDetected } from './faultExpectations.ts';

describe('delivery faults are detected by the requirements they break', () => {
  test.each(deliveryFaults.map((fault) => [fault.name, fault] as const))('%s', async (_name, fault) => {
    await expectFaultDetected(fault);
  });
});
