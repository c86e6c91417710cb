import { join } from 'node:path';
import { expect, test } from 'vitest';
import { printSummary } from '../../cli/summaryPrinter.ts';
import { readResults } from '../../verdict/resultsFile.ts';

// The verdict line counts UNTESTABLE MUST requirements with the failed ones and says so.

test('a NON-CONFORMANT verdict with UNTESTABLE MUST requirements says "failed or could not be tested"', () => {
  const document = readResults(join(import.meta.dirname, '../../fixtures/reports/results-with-failures.json'));
  const lines: string[] = [];
  printSummary(document, (text) => lines.push(text));
  const failing = document.requirements.filter(
    (result) => result.level === 'MUST' && (result.outcome === 'FAIL' || result.outcome === 'UNTESTABLE'),
  );
  const untestable = failing.filter((result) => result.outcome === 'UNTESTABLE').length;
  expect(untestable).toBeGreaterThan(0);
  expect(lines.at(-1)).toBe(
    `Verdict: NON-CONFORMANT: ${failing.length} MUST requirements failed or could not be tested (${failing.length - untestable} FAIL, ${untestable} UNTESTABLE): ${failing.map((result) => result.id).join(', ')}`,
  );
  // The failures follow the requirement list in full, not cut at the line width.
  const message =
    document.requirements.find((result) => result.id === 'PP-RULE-CREATE-STATUS')?.checks.find((check) => check.outcome === 'FAIL')
      ?.message ?? '';
  expect(lines).toContain(`    ${message}`);
});
