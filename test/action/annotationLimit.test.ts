import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { readResults } from '../../verdict/resultsFile.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { reportStep } from '../../action/githubStep.ts';

// GitHub turns at most 10 ::error and 10 ::warning commands per step into annotations.
// The report step prints every one (the log keeps them) and, past 10 of a kind, says in
// the step summary how many there are and where all of them are. Here: the fixture's 3
// failing requirements, and its one WARN repeated to 10 and to 11.

const fixture = readResults(join(import.meta.dirname, '../../fixtures/reports/results-with-failures.json'));
const scratch = mkdtempSync(join(tmpdir(), 'bac-annotation-limit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function withWarnings(count: number): ResultsDocument {
  const warned = fixture.requirements.find((result) => result.outcome === 'WARN');
  if (!warned) throw new Error('the fixture has no WARN');
  const copies = Array.from({ length: count }, (_, index) => ({ ...warned, id: `${warned.id}-${index + 1}` }));
  return { ...fixture, requirements: [...fixture.requirements.filter((result) => result !== warned), ...copies] };
}

function step(document: ResultsDocument): { printed: string[]; summary: string } {
  const reportDir = mkdtempSync(join(scratch, 'reports-'));
  writeFileSync(join(reportDir, 'results.json'), JSON.stringify(document));
  const summaryFile = join(reportDir, 'step-summary.md');
  writeFileSync(summaryFile, '');
  const printed: string[] = [];
  reportStep({ reportDir, exitCode: 1 }, { GITHUB_STEP_SUMMARY: summaryFile }, (line) => printed.push(line));
  return { printed, summary: readFileSync(summaryFile, 'utf8') };
}

test('10 warnings: every one annotated, nothing more to say', () => {
  const { printed, summary } = step(withWarnings(10));
  expect(printed.filter((line) => line.startsWith('::error '))).toHaveLength(3);
  expect(printed.filter((line) => line.startsWith('::warning '))).toHaveLength(10);
  expect(summary).not.toContain('**Annotations:**');
});

test('11 warnings: all printed, and the step summary says GitHub shows 10 and where the rest are', () => {
  const { printed, summary } = step(withWarnings(11));
  expect(printed.filter((line) => line.startsWith('::warning '))).toHaveLength(11);
  expect(summary).toContain(
    '> **Annotations:** 3 requirements fail the run and 11 SHOULD requirements are not met, but GitHub shows at most 10 errors and 10 warnings per step',
  );
});
