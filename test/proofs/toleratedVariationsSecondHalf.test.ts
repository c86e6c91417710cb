import { describe } from 'vitest';
import { takingTurns } from '../support/takingTurns.ts';
import { eachFailsNothing, VARIATIONS_AT_ONCE } from '../support/toleratedVariationRuns.ts';

// The second half of the tolerated variations' side-by-side runs: the same claim as
// test/proofs/toleratedVariations.test.ts, which runs the first half and shows that every run is
// in one half or run alone. A file of its own, so that a second worker takes these runs.

describe('tolerated variations, second half', () => {
  eachFailsNothing(2, takingTurns(VARIATIONS_AT_ONCE));
});
