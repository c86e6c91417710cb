import { describe, test } from 'vitest';
import { problems } from '../support/emulatorRuns.ts';
import { takingTurns } from '../support/takingTurns.ts';
import { replayOf, unexpectedIn, VARIATIONS_AT_ONCE, variationHalf } from '../support/toleratedVariationRuns.ts';

// The second half of the tolerated variations' side-by-side runs: the same claim as
// test/proofs/toleratedVariations.test.ts, which runs the first half and shows that every run is
// in one half or run alone. A file of its own, so that a second worker takes these runs.

const turn = takingTurns(VARIATIONS_AT_ONCE);

describe('tolerated variations, second half', () => {
  test.concurrent.for(variationHalf(2))(
    '$name ($description) fails nothing in $environment (run seed $runSeed, schedule seed $scheduleSeed)',
    // A variation that holds deliveries back makes the run minutes longer; a run may also wait for its turn.
    { timeout: 900_000 },
    async (run, { expect }) => {
      const unexpected = await turn(() => unexpectedIn(run));
      expect(problems(unexpected), replayOf(run)).toEqual([]);
    },
  );
});
