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
    expect([same.regressed, same.fixed, same.changed, same.observationsChanged, same.added, same.removed]).toEqual([[], [], [], [], [], []]);
  });

  test('a move to or from SKIP is a change, neither a regression nor a fix', () => {
    const skipped = structuredClone(current);
    const result = skipped.requirements.find((entry) => entry.id === 'PP-LIST-SHAPE');
    if (!result) throw new Error('fixture lacks PP-LIST-SHAPE');
    result.outcome = 'SKIP';
    expect(compareResults(current, skipped).changed).toEqual([{ id: 'PP-LIST-SHAPE', from: 'PASS', to: 'SKIP' }]);
  });
});
