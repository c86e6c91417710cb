import { describe, expect, test } from 'vitest';
import { TOLERATED_VARIATIONS } from '../../emulator/faults/toleratedVariations.ts';
import { ALL_SCENARIOS, problems, runAgainstEmulator } from '../support/emulatorRuns.ts';

// Behaviour the documents leave open must never fail the suite: each tolerated
// variation, alone, yields no FAIL, WARN or UNTESTABLE anywhere.

describe('tolerated variations', () => {
  test.each(TOLERATED_VARIATIONS.map((variation) => [variation.name, variation.description] as const))(
    '%s (%s) fails nothing',
    async (name) => {
      const records = await runAgainstEmulator(ALL_SCENARIOS, [name]);
      expect(problems(records)).toEqual([]);
    },
    180_000,
  );
});
