import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { applyBaseline, excusedRequirements, loadExpectedFailures } from '../../verdict/expectedFailures.ts';
import type { RequirementResult } from '../../verdict/requirementVerdict.ts';
import { verdictOf } from '../../verdict/requirementVerdict.ts';

const result = (id: string, outcome: RequirementResult['outcome'], itemIds: string[] = []): RequirementResult => ({
  id,
  level: 'MUST',
  statement: 's',
  source: { document: 'api', section: '1' },
  outcome,
  evidence: [],
  checks: itemIds.map((itemId) => ({ requirementId: id, itemId, outcome, message: 'm' })),
});

describe('expected-failure baselines', () => {
  const results = [result('PP-A', 'FAIL', ['pp/one']), result('PP-B', 'PASS', ['pp/two']), result('PP-C', 'FAIL', ['pp/x', 'pp/y'])];

  test('a listed failure that happens is known and excused from the verdict', () => {
    const { known, stale } = applyBaseline([{ requirement: 'PP-A', reason: 'vendor bug', tracking: 'T-1' }], results.slice(0, 2));
    expect(known.map((entry) => entry.requirement)).toEqual(['PP-A']);
    expect(stale).toEqual([]);
    expect(verdictOf(results.slice(0, 2), excusedRequirements(known, results))).toBe('conformant');
  });

  test('a listed failure that no longer happens is stale', () => {
    const { stale } = applyBaseline([{ requirement: 'PP-B', reason: 'fixed since', tracking: 'T-2' }], results);
    expect(stale.map((entry) => entry.requirement)).toEqual(['PP-B']);
  });

  test('an entry naming one check excuses only that check', () => {
    const excused = excusedRequirements([{ requirement: 'PP-C', check: 'pp/x', reason: 'r', tracking: 't' }], results);
    expect(excused.has('PP-C')).toBe(false);
  });

  test('a baseline naming an unknown requirement is refused with the field named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bac-baseline-'));
    const path = join(dir, 'baseline.yaml');
    writeFileSync(path, 'expectedFailures:\n  - requirement: NOPE-1\n    reason: because\n    tracking: T-3\n');
    expect(() => loadExpectedFailures(path, ['PP-A'])).toThrow(/field expectedFailures\.0\.requirement/);
  });

  test('a baseline naming a well-formed id the command does not judge is refused with the closest id', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bac-baseline-'));
    const path = join(dir, 'baseline.yaml');
    writeFileSync(path, 'expectedFailures:\n  - requirement: PP-RULE-GTE\n    reason: because\n    tracking: T-3\n');
    expect(() => loadExpectedFailures(path, ['PP-RULE-GET', 'PP-A'])).toThrow(
      `baseline ${path}: expectedFailures.0.requirement: 'PP-RULE-GTE' is no requirement this command judges (did you mean PP-RULE-GET?)`,
    );
  });
});
