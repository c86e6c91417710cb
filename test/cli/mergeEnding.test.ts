import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { mergeCommand } from '../../cli/mergeCommand.ts';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import type { CheckRecord } from '../../harness/records/checkRecords.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { writeResults } from '../../verdict/resultsDocument.ts';
import { resultsOfRun, type RunShape } from '../report/resultsOfRun.ts';

// `merge` ends as every judging command does (cli/conduct.ts): the summary, then "Results:" and one
// "Reports:" line of the faces' files in the faces' order, the joined runs' Allure results named
// there only where one of them wrote any, and the exit code of the verdict.

const scratch = mkdtempSync(join(tmpdir(), 'bac-merge-ending-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const [A, B] = requirementCatalogue()
  .all()
  .filter((requirement) => requirement.level === 'MUST' && requirement.capability === 'core' && !requirement.excluded)
  .map((requirement) => requirement.id) as [string, string];
const record = (requirementId: string, outcome: CheckRecord['outcome']): CheckRecord => ({
  requirementId,
  itemId: `s/${requirementId}`,
  outcome,
  message: `${requirementId} ${outcome}`,
});

/** A run's report directory holding its results.json, and Allure results of one test where `allure` says so. */
function runDirectory(name: string, shape: RunShape, allure: boolean): string {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  writeResults(dir, resultsOfRun(shape));
  if (allure) {
    mkdirSync(join(dir, 'allure-results'));
    writeFileSync(join(dir, 'allure-results', `${name}-result.json`), '{}');
  }
  return dir;
}

async function merged(dirs: string[], name: string): Promise<{ code: number; lines: string[]; out: string }> {
  const out = join(scratch, name);
  const lines: string[] = [];
  const code = await mergeCommand(dirs, { reportDir: out }, (text) => lines.push(text), new SecretRedactor());
  return { code, lines, out };
}

test('two shards, one failing: exit 1, results.json and each default report written and named, the Allure results copied', async () => {
  const one = runDirectory('one', { records: [record(A, 'PASS')], selected: [A], shard: { index: 1, count: 2 } }, true);
  const two = runDirectory('two', { records: [record(B, 'FAIL')], selected: [B], shard: { index: 2, count: 2 } }, false);
  const { code, lines, out } = await merged([one, two], 'failing');
  expect(code, lines.join('\n')).toBe(1);
  expect(lines[0]).toBe(`Merged 2 results: ${join(one, 'results.json')}, ${join(two, 'results.json')}`);
  expect(lines).toContain('Verdict: NON-CONFORMANT: 1 MUST requirement failed: ' + B);
  const ending = lines.slice(lines.findIndex((line) => line.startsWith('Results: ')));
  expect(ending[0]).toBe(`Results: ${join(out, 'results.json')}`);
  expect(ending[1]).toMatch(
    new RegExp(
      `^Reports: ${join(out, 'report.html')}, ${join(out, 'junit.xml')}, ${join(out, 'summary.md')}, Allure results of 1 run in ${join(out, 'allure-results')} \\(`,
    ),
  );
  expect(ending).toHaveLength(2);
  expect(readdirSync(out).sort()).toEqual(['allure-results', 'junit.xml', 'report.html', 'results.json', 'summary.md']);
  expect(readdirSync(join(out, 'allure-results'))).toEqual(['one-result.json']);
});

test('one passing run with no Allure results: exit 0, and no Allure entry on the Reports line', async () => {
  const only = runDirectory('only', { records: [record(A, 'PASS')], selected: [A] }, false);
  const { code, lines, out } = await merged([only], 'passing');
  expect(code, lines.join('\n')).toBe(0);
  expect(lines.at(-1)).toBe(`Reports: ${join(out, 'report.html')}, ${join(out, 'junit.xml')}, ${join(out, 'summary.md')}`);
});
