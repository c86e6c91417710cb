import { join } from 'node:path';
import { expect, test } from 'vitest';
import { printFailures } from '../../cli/failureReport.ts';
import type { CheckRecord } from '../../harness/records/checkRecords.ts';
import { readResults } from '../../verdict/resultsFile.ts';

// A fault that one scenario meets on every page of a list is one finding, not
// five: the terminal shows it once with its count (its exchange, its curl and
// its replay once), while results.json keeps every check record.

test('identical findings of a requirement are shown once, with their count', () => {
  const document = readResults(join(import.meta.dirname, '../../fixtures/reports/results-with-failures.json'));
  const result = document.requirements.find((candidate) => candidate.id === 'PP-RULE-CREATE-STATUS');
  const failing = result?.checks.find((check) => check.outcome === 'FAIL');
  if (!result || !failing) throw new Error('the fixture lacks the FAIL check of PP-RULE-CREATE-STATUS');
  const again: CheckRecord[] = Array.from({ length: 4 }, () => structuredClone(failing));
  // A record the recorder already folded counts with its own count.
  again[3]!.count = 3;
  result.checks.push(...again);

  const lines: string[] = [];
  printFailures(document, (text) => lines.push(text));
  const section = lines.slice(lines.findIndex((line) => line.startsWith('FAIL PP-RULE-CREATE-STATUS')));
  const own = section.slice(
    0,
    section.findIndex((line, index) => index > 0 && line === ''),
  );

  expect(own.filter((line) => line.includes(`FAIL in ${failing.itemId}`))).toEqual([`  FAIL in ${failing.itemId} (×7):`]);
  expect(own.filter((line) => line === `    ${failing.message}`)).toHaveLength(1);
  expect(own.filter((line) => line.trim() === 'exchange:')).toHaveLength(1);
  expect(own.filter((line) => line.trimStart().startsWith('replay: '))).toHaveLength(1);
  expect(result.checks.filter((check) => check.outcome === 'FAIL')).toHaveLength(5);
});
