import { expect, test } from 'vitest';
import { SCOPES as EMULATOR_SCOPES } from '../../emulator/core/scopes.ts';
import { SCOPES as HARNESS_SCOPES } from '../../harness/operationCatalogue.ts';

// The emulator (a product of its own) and the harness (which judges any target)
// share no code, so each keeps the scopes of section 5.1; they MUST be the same list.

test('the emulator and the harness know the same six scopes of section 5.1', () => {
  expect([...EMULATOR_SCOPES].sort()).toEqual([...HARNESS_SCOPES].sort());
  expect(HARNESS_SCOPES).toHaveLength(6);
});
