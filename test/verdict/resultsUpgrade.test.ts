import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { RESULTS_FORMAT_VERSION } from '../../verdict/resultsDocument.ts';
import { readEarlierRun, readResults } from '../../verdict/resultsFile.ts';
import { upgradedResults } from '../../verdict/resultsUpgrade.ts';

// A results.json of format 2 named what ran `scenarioIds` and a check's item `scenarioId`
// (issue 51): merge, compare and --last-failed read one as they read one of format 3.

const FIXTURE = join(import.meta.dirname, '../../fixtures/reports/results-with-failures.json');
const current = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, unknown> & {
  itemIds: string[];
  requirements: Array<Record<string, unknown> & { checks: Array<Record<string, unknown>> }>;
};

/** The fixture as format 2 wrote it: the old names, in their places. */
function asFormatTwo(): Record<string, unknown> {
  const { itemIds, requirements, ...rest } = current;
  return {
    ...rest,
    formatVersion: 2,
    scenarioIds: itemIds,
    requirements: requirements.map((result) => ({
      ...result,
      checks: result.checks.map(({ itemId, ...check }) => ({ scenarioId: itemId, ...check })),
    })),
  };
}

const dir = mkdtempSync(join(tmpdir(), 'bac-results-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const written = (name: string, document: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, `${JSON.stringify(document, null, 2)}\n`);
  return path;
};

describe('a results.json of format 2', () => {
  test('is read for merging as the same document of this format', () => {
    expect(RESULTS_FORMAT_VERSION).toBe(3);
    expect(current.formatVersion).toBe(3);
    expect(readResults(written('two.json', asFormatTwo()))).toEqual(readResults(FIXTURE));
  });

  test('is read for a comparison and --last-failed with each check naming its item', () => {
    const earlier = readEarlierRun(written('earlier.json', asFormatTwo()));
    const checks = earlier.requirements.flatMap((result) => result.checks);
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.map((check) => check.itemId)).toEqual(
      current.requirements.flatMap((result) => result.checks.map((check) => check.itemId)),
    );
    expect(checks.filter((check) => 'scenarioId' in check)).toEqual([]);
  });
});

describe('what the upgrade leaves alone', () => {
  test('a document of this format, and one of a newer format, which readResults then refuses', () => {
    expect(upgradedResults(current)).toBe(current);
    const newer = { ...asFormatTwo(), formatVersion: 4 };
    expect(upgradedResults(newer)).toBe(newer);
    expect(() => readResults(written('four.json', newer))).toThrow(/is not a results.json of this suite version/);
  });

  test('what is no results document at all', () => {
    expect(upgradedResults(null)).toBeNull();
    expect(upgradedResults([1])).toEqual([1]);
    expect(upgradedResults('text')).toBe('text');
  });
});
