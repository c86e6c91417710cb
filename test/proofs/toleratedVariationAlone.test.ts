import { describe, expect, test } from 'vitest';
import { problems } from '../support/emulatorRuns.ts';
import { replayOf, RUNS_ALONE, unexpectedIn, VARIATION_RUNS } from '../support/toleratedVariationRuns.ts';

// The tolerated variations whose whole run has a worker to itself (RUNS_ALONE, with the reason,
// in test/support/toleratedVariationRuns.ts): the same claim as test/proofs/toleratedVariations.test.ts,
// which runs every other variation side by side. Vitest runs this file in its own worker, so
// it goes beside that file, not after it.

const alone = VARIATION_RUNS.filter((run) => RUNS_ALONE.includes(run.name));

describe('tolerated variations run alone', () => {
  test('every variation named to run alone has its runs here', () => {
    expect(RUNS_ALONE.filter((name) => !alone.some((run) => run.name === name))).toEqual([]);
  });

  // One after another: each has the worker's event loop to itself.
  test.for(alone)(
    '$name ($description) fails nothing in $environment (run seed $runSeed, schedule seed $scheduleSeed)',
    // Every delivery held back 1.5 s makes AtMostOnce webhooks slow, and the run minutes longer.
    { timeout: 900_000 },
    async (run) => {
      const unexpected = await unexpectedIn(run);
      expect(problems(unexpected), replayOf(run)).toEqual([]);
    },
  );
});
