import { describe, expect, test } from 'vitest';
import {
  TOLERATED_VARIATIONS,
  type ToleratedVariation,
  type VariationDefinition,
  variationEnvironments,
} from '../../emulator/faults/toleratedVariations.ts';
import type { Environment } from '../../contract/catalogue/requirementCatalogue.ts';
import { mixSeed } from '../../harness/engine/schedulePerturbation.ts';
import { ALL_SCENARIOS, problems, runAgainstEmulator } from '../support/emulatorRuns.ts';

// Behaviour the documents leave open must never fail the suite: each tolerated
// variation, alone, yields no FAIL, WARN or UNTESTABLE anywhere — except a WARN
// of a SHOULD the variation departs from on purpose (its `warns`) — in each
// environment the variation takes effect in (its `environments`). Every run fuzzes
// the schedule (start order, pauses between calls: run --schedule-seed), so no
// verdict under a variation may depend on how the scenarios interleave.

/** The run seed every variation is run with. */
const RUN_SEED = 1;

/**
 * Run seeds that once made the suite fail a correct target with these variations:
 * each is run again, a test of its own, so what it found stays fixed.
 */
const RUN_SEEDS_THAT_FOUND_DEFECTS: ReadonlyArray<{ runSeed: number; variations: readonly ToleratedVariation[]; found: string }> = [
  {
    runSeed: 1941380207,
    variations: ['webhooks-start-disabled', 'webhook-create-empty-201', 'webhook-create-204'],
    found:
      'issue 36: the backoff measure made its endpoint fail only once its webhook could receive, so a batch of other events answered 200 meanwhile was taken for attempt 1 and never retried',
  },
];

/** From the variation and the run seed: stable wherever the variation sits in the list, and another for each. */
const scheduleSeedOf = (name: string, runSeed: number): number => mixSeed(runSeed, name) % 1_000_000;

interface VariationRun {
  name: string;
  description: string;
  environment: Environment;
  warns: readonly string[];
  runSeed: number;
  scheduleSeed: number;
  /** What the run seed once found, where it is one of RUN_SEEDS_THAT_FOUND_DEFECTS. */
  found?: string;
}

function runsOf(variation: VariationDefinition): VariationRun[] {
  const seeds: Array<{ runSeed: number; found?: string }> = [
    { runSeed: RUN_SEED },
    ...RUN_SEEDS_THAT_FOUND_DEFECTS.filter((entry) => entry.variations.some((name) => name === variation.name)),
  ];
  return variationEnvironments(variation).flatMap((environment) =>
    seeds.map(({ runSeed, found }) => ({
      name: variation.name,
      description: variation.description,
      environment,
      warns: variation.warns ?? [],
      runSeed,
      scheduleSeed: scheduleSeedOf(variation.name, runSeed),
      ...(found ? { found } : {}),
    })),
  );
}

describe('tolerated variations', () => {
  test.each(TOLERATED_VARIATIONS.flatMap(runsOf))(
    '$name ($description) fails nothing in $environment (run seed $runSeed, schedule seed $scheduleSeed)',
    async ({ name, environment, warns, runSeed, scheduleSeed, found }) => {
      const records = await runAgainstEmulator(ALL_SCENARIOS, [name], environment, runSeed, scheduleSeed);
      const unexpected = records.filter((record) => !(record.outcome === 'WARN' && warns.includes(record.requirementId)));
      const replay =
        `replay: run --seed ${runSeed} --schedule-seed ${scheduleSeed} --emulator-fault ${name} (environment ${environment})` +
        (found ? `; this run seed once found ${found}` : '');
      expect(problems(unexpected), replay).toEqual([]);
    },
    // A variation that holds every delivery back (delivery-lag-every) makes AtMostOnce webhooks slow, and the run minutes longer.
    900_000,
  );
});
