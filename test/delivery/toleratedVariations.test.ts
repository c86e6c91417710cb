import { expect, test } from 'vitest';
import { TOLERATED_VARIATIONS } from '../../emulator/faults/toleratedVariations.ts';
import { OWN_SCENARIOS, problems, runAgainstEmulator } from './scenarioOutcomes.ts';

// Behaviour the documents leave open must never make a WH-, DL- or EV- check fail.

test.each(TOLERATED_VARIATIONS.map((variation) => [variation.name] as const))('variation %s breaks nothing', async (name) => {
  const records = await runAgainstEmulator(OWN_SCENARIOS, [name]);
  expect(problems(records)).toEqual([]);
}, 90_000);
