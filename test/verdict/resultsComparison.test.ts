import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { compareResults } from '../../verdict/resultsComparison.ts';
import { readEarlierRun, readResults } from '../../verdict/resultsFile.ts';

// run --compare FILE: the difference from an earlier results.json.

const FIXTURES = join(import.meta.dirname, '../../fixtures/reports');
const current = readResults(join(FIXTURES, 'results-with-failures.json'));
const comparison = compareResults(readEarlierRun(join(FIXTURES, 'results-baseline.json')), current);

describe('comparison with an earlier run', () => {
  test('lists requirements that regressed and were fixed, with both outcomes', () => {
    expect(comparison.regressed).toEqual([
      { id: 'GN-MEDIA-TYPE', from: 'PASS', to: 'UNTESTABLE' },
      { id: 'PP-RULE-CREATE-STATUS', from: 'PASS', to: 'FAIL' },
    ]);
    expect(comparison.fixed).toEqual([{ id: 'WH-LIST-PAGE-DEFAULT', from: 'FAIL', to: 'WARN' }]);
    expect(comparison.changed).toEqual([]);
  });

  test('lists OBSERVE values that changed, and requirements no longer in the catalogue', () => {
    expect(comparison.observationsChanged).toEqual([{ id: 'PP-CANCEL-FROM-CANCELLED', from: [200], to: [409] }]);
    expect(comparison.removed).toEqual(['PP-RETIRED-RULE']);
    expect(comparison.added).toEqual([]);
    expect(comparison.baseline).toMatchObject({ startedAt: '2026-11-19T02:00:00.000Z', sameCatalogue: true });
  });

  test('against itself finds no difference', () => {
    const same = compareResults(current, current);
    expect([same.regressed, same.fixed, same.changed, same.observationsChanged, same.added, same.removed]).toEqual([
      [],
      [],
      [],
      [],
      [],
      [],
    ]);
  });

  test('a move to or from SKIP is a change, neither a regression nor a fix', () => {
    const skipped = structuredClone(current);
    const result = skipped.requirements.find((entry) => entry.id === 'PP-LIST-SHAPE');
    if (!result) throw new Error('fixture lacks PP-LIST-SHAPE');
    result.outcome = 'SKIP';
    expect(compareResults(current, skipped).changed).toEqual([{ id: 'PP-LIST-SHAPE', from: 'PASS', to: 'SKIP' }]);
  });

  test("an observation the run's timing decides is no change where it agrees on what the documents bound, and is one where it does not", () => {
    const withBatches = (sizes: number[]) => {
      const document = structuredClone(current);
      const result = document.requirements.find((entry) => entry.id === 'PP-CANCEL-FROM-CANCELLED');
      if (!result) throw new Error('fixture lacks PP-CANCEL-FROM-CANCELLED');
      result.id = 'DL-BATCH-SIZES';
      result.checks = [{ ...result.checks[0]!, observed: sizes }];
      return document;
    };
    // Two runs of one target queue a burst differently: both within 6.1's 64 a batch.
    expect(compareResults(withBatches([64, 64, 64, 40]), withBatches([4, 64, 64, 64, 32])).observationsChanged).toEqual([]);
    expect(compareResults(withBatches([64, 64, 64, 40]), withBatches([100, 100, 32])).observationsChanged).toEqual([
      { id: 'DL-BATCH-SIZES', from: [[64, 64, 64, 40]], to: [[100, 100, 32]] },
    ]);
  });
});
