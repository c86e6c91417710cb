import { join } from 'node:path';
import { expect, test } from 'vitest';
import { readResults } from '../../verdict/resultsFile.ts';
import { failingRequirements, summaryMarkdown } from '../../report/summaryMarkdown.ts';
import { replayOf } from '../../cli/commandLineText.ts';

// summary.md, the Markdown a CI summary or a PR comment shows: the verdict, the counts
// per outcome, every requirement that fails the run (statement, what was found, the
// replay command) and no other, throttling when there was some, stale baseline entries.

const document = readResults(join(import.meta.dirname, '../../fixtures/reports/results-with-failures.json'));

test('the verdict, a row per outcome and each failing MUST requirement with its replay command', () => {
  const markdown = summaryMarkdown(document, replayOf(document));
  expect(markdown).toMatch(/^## Banking API conformance: NON-CONFORMANT\n/);
  for (const [outcome, count] of Object.entries(document.counts)) expect(markdown).toContain(`| ${outcome} | ${count} |`);
  expect(failingRequirements(document).map((result) => result.id)).toEqual([
    'GN-MEDIA-TYPE',
    'PP-RULE-CREATE-STATUS',
    'DL-SIGNATURE-HEADER',
  ]);
  expect(markdown).toContain('### Failing requirements (3)');
  for (const result of failingRequirements(document)) {
    expect(markdown).toContain(`- **${result.id}** ${result.outcome} (`);
    expect(markdown).toContain(result.statement.replace(/\s+/g, ' ').trim());
  }
  expect(markdown).toMatch(/replay: `npx banking-api-conformance run --grep '[^']+' --seed \d+/);
  // A WARN is a SHOULD not met: it never fails the run, so it is not listed.
  expect(markdown).not.toContain('WH-LIST-PAGE-DEFAULT');
  expect(markdown).not.toContain('### Throttling');
});

test('a conformant run lists no failures; throttling and stale baseline entries are said', () => {
  const passing = document.requirements.map((result) => ({ ...result, outcome: 'PASS' as const, checks: [] }));
  const markdown = summaryMarkdown({
    ...document,
    verdict: 'conformant',
    requirements: passing,
    throttling: { tooManyRequests: 4, unavailable: 1, waitedMs: 9000 },
    baseline: { path: 'b.yaml', known: [], stale: [{ requirement: 'PP-X', reason: 'was broken', tracking: 'BAC-9' }] },
  });
  expect(markdown).toMatch(/^## Banking API conformance: CONFORMANT\n/);
  expect(markdown).not.toContain('Failing requirements');
  expect(markdown).toContain('### Throttling\n\nThrottling: the target answered 429 4 time(s) and 503 to a read 1 time(s)');
  expect(markdown).toContain('stale baseline entry **PP-X**');
});

test('a requirement the baseline excuses is not listed as failing', () => {
  const known = [{ requirement: 'PP-RULE-CREATE-STATUS', reason: 'known since 1.2', tracking: 'BAC-1' }];
  expect(failingRequirements({ ...document, baseline: { path: 'b.yaml', known, stale: [] } }).map((result) => result.id)).not.toContain(
    'PP-RULE-CREATE-STATUS',
  );
});
