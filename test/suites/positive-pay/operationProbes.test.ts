import { expect, test } from 'vitest';
import { unprobedOperations } from '../../../suites/auth/operationProbes.ts';

// Section 5.1 applies to every operation: the auth suite must probe each one in the operation table.
test('the auth suite has a probe for every documented operation', () => {
  expect(unprobedOperations()).toEqual([]);
});
