import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { runCli } from './cliProcess.ts';

// A run ends with a verdict within its budget: scenarios not started when
// --budget-minutes runs out are not run, and their requirements are UNTESTABLE
// with that reason. Bad --concurrency and --budget-minutes are setup errors.

test('a budget that runs out before the scenarios start leaves them UNTESTABLE, with a verdict', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bac-budget-'));
  const run = await runCli(['run', '--only', 'auth', '--budget-minutes', '0.0001', '--seed', '3', '--report-dir', dir]);
  expect(run.code, run.stderr).toBe(1);
  const document = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsDocument;
  expect(document.verdict).toBe('non-conformant');
  const checks = document.requirements.flatMap((result) => result.checks);
  expect(checks.length).toBeGreaterThan(0);
  expect(
    checks
      .filter((check) => check.outcome !== 'SKIP')
      .every((check) => check.outcome === 'UNTESTABLE' && /budget of 0\.0001 minute/.test(check.message)),
  ).toBe(true);
}, 120_000);

test.each([
  [['--concurrency', '0'], /--concurrency must be auto or a whole number from 1 to 64; got '0'/],
  [['--budget-minutes', 'soon'], /--budget-minutes must be a number of minutes above 0; got 'soon'/],
])(
  'run %j is a setup error naming the option',
  async (args, message) => {
    const run = await runCli(['run', ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  },
  60_000,
);
