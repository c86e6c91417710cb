import { join } from 'node:path';
import { expect, test } from 'vitest';
import { printSummary } from '../../cli/summaryPrinter.ts';
import { readResults } from '../../verdict/resultsFile.ts';

// The end of a run, sized for a person: one line per requirement that is not PASS (an OBSERVED one
// with its value), every requirement only with --verbose; on a terminal a line is cut at its width,
// elsewhere never.

const document = readResults(join(import.meta.dirname, '../../fixtures/reports/results-with-failures.json'));
// What the run selected: the rest is one line, "N requirements not selected".
const selected = document.requirements.filter((result) => result.reason !== 'not selected in this run');
const printed = (options: Parameters<typeof printSummary>[2]) => {
  const lines: string[] = [];
  printSummary(document, (text) => lines.push(text), options);
  return lines;
};
const requirementLine = (lines: readonly string[], id: string) => lines.find((line) => new RegExp(`^  \\S+ +${id} `).test(line));

test('without --verbose: a line for each requirement that is not PASS, none for a PASS; with it, every one', () => {
  const passing = selected.filter((result) => result.outcome === 'PASS');
  const notPassing = selected.filter((result) => result.outcome !== 'PASS');
  expect(passing.length).toBeGreaterThan(0);
  expect(notPassing.length).toBeGreaterThan(0);
  const short = printed({ quiet: false });
  for (const result of passing) expect(requirementLine(short, result.id)).toBeUndefined();
  for (const result of notPassing) expect(requirementLine(short, result.id), result.id).toMatch(new RegExp(`^  ${result.outcome} `));
  const verbose = printed({ quiet: false, verbose: true });
  for (const result of selected) expect(requirementLine(verbose, result.id), result.id).toBeDefined();
});

test('an OBSERVED requirement shows the value it recorded', () => {
  const observed = document.requirements.find(
    (result) => result.outcome === 'OBSERVED' && result.checks.some((check) => 'observed' in check),
  );
  expect(observed).toBeDefined();
  const value = observed!.checks.find((check) => 'observed' in check)!.observed;
  expect(requirementLine(printed({ quiet: false }), observed!.id)).toContain(JSON.stringify(value));
});

test("a line is cut at the terminal's width, and not at all without a terminal", () => {
  const longest = (lines: readonly string[]) =>
    Math.max(...lines.filter((line) => /^ {2}[A-Z]+ +[A-Z]{2}-/.test(line)).map((line) => line.length));
  const uncut = longest(printed({ quiet: false, verbose: true }));
  expect(uncut).toBeGreaterThan(120);
  expect(longest(printed({ quiet: false, verbose: true, columns: 120 }))).toBe(120);
  // A terminal wide enough shows the whole line: the width is the terminal's, not a constant of ours.
  expect(longest(printed({ quiet: false, verbose: true, columns: uncut + 10 }))).toBe(uncut);
});
