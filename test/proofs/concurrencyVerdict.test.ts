import { describe, test } from 'vitest';
import { problems, worstById } from '../support/emulatorRuns.ts';
import { runWholeSuite } from '../support/concurrentRuns.ts';

// Concurrency must not change a verdict: with the same seed, the whole suite run
// one scenario at a time and run eight at a time (as their declared shared state allows)
// gives every requirement the same outcome (and so the same verdict). bench/concurrentVerdict.bench.ts does
// the same over 20 seeds.

const SEEDS = [1, 20261121];

// The four runs go side by side, each against an emulator of its own (runWholeSuite starts
// one per run): the serial runs mostly wait, one call at a time, and nothing of one
// emulator or session is another's.
describe('serial and concurrent runs judge every requirement alike', () => {
  test.concurrent.for(SEEDS)('seed %i', { timeout: 600_000 }, async (seed, { expect }) => {
    const [serial, concurrent] = await Promise.all([runWholeSuite(seed, 1), runWholeSuite(seed, 8)]);
    const serialOutcomes = Object.fromEntries(worstById(serial));
    const concurrentOutcomes = Object.fromEntries(worstById(concurrent));
    expect(Object.keys(serialOutcomes).length).toBeGreaterThan(200);
    // Where they differ, the message says why each run judged as it did.
    const differing = Object.keys({ ...serialOutcomes, ...concurrentOutcomes }).filter(
      (id) => serialOutcomes[id] !== concurrentOutcomes[id],
    );
    const why = (run: string, records: typeof serial) =>
      problems(records.filter((record) => differing.includes(record.requirementId))).map((line) => `${run}: ${line}`);
    expect(concurrentOutcomes, [...why('serial', serial), ...why('concurrent', concurrent)].join('\n')).toEqual(serialOutcomes);
  });
});
