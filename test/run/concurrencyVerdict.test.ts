import { describe, expect, test } from 'vitest';
import { worstById } from '../support/emulatorRuns.ts';
import { runWholeSuite } from '../support/concurrentRuns.ts';

// Concurrency must not change a verdict: with the same seed, the whole suite run
// one scenario at a time and run eight at a time (as their declared shared state allows)
// gives every requirement the same outcome (and so the same verdict). bench/concurrentVerdict.bench.ts does
// the same over 20 seeds.

const SEEDS = [1, 20261121];

describe.each(SEEDS)('seed %i', (seed) => {
  test('serial and concurrent runs judge every requirement alike', async () => {
    const serial = await runWholeSuite(seed, 1);
    const concurrent = await runWholeSuite(seed, 8);
    const serialOutcomes = Object.fromEntries(worstById(serial));
    const concurrentOutcomes = Object.fromEntries(worstById(concurrent));
    expect(Object.keys(serialOutcomes).length).toBeGreaterThan(200);
    expect(concurrentOutcomes).toEqual(serialOutcomes);
  }, 240_000);
});
