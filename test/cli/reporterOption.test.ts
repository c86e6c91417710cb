import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { runValuesOf } from '../../cli/runValues.ts';
import { DEFAULT_REPORTERS } from '../../report/reporters.ts';
import { SetupError } from '../../harness/records/setupError.ts';
import { runCli, type CliResult } from './cliProcess.ts';
import { type InProcessRun, runInProcess } from './inProcessRun.ts';

// `run --reporter LIST` chooses the reports written besides results.json, which is always
// written (merge, compare, cleanup and --last-failed read it); the default is every report a
// run has always written, HAR only when asked for.

let junitOnly: InProcessRun;
let summaryAndHar: InProcessRun;
let misspelt: CliResult;

beforeAll(async () => {
  [junitOnly, summaryAndHar, misspelt] = await Promise.all([
    runInProcess({ only: 'auth', reporter: ['junit'] }),
    runInProcess({ only: 'auth', reporter: ['summary', 'har'] }),
    runCli(['run', '--reporter', 'html,jnuit']),
  ]);
}, 120_000);

const written = (run: InProcessRun) => readdirSync(run.reportDir).filter((name) => !name.startsWith('cleanup-ledger'));

describe('--reporter', () => {
  test('junit: results.json and junit.xml, nothing else', () => {
    expect(junitOnly.code).toBe(0);
    expect(written(junitOnly).sort()).toEqual(['junit.xml', 'results.json']);
    expect(junitOnly.lines).toContain(`Reports: ${join(junitOnly.reportDir, 'junit.xml')}`);
  });

  test('summary,har (repeated or comma-separated): the summary and the exchanges as HAR beside results.json', () => {
    expect(written(summaryAndHar).sort()).toEqual(['exchanges.har', 'results.json', 'summary.md']);
    expect(summaryAndHar.lines.some((line) => line.startsWith(`HAR: ${join(summaryAndHar.reportDir, 'exchanges.har')} (`))).toBe(true);
    expect(existsSync(join(summaryAndHar.reportDir, 'allure-results'))).toBe(false);
  });

  test('the default is every report a run always wrote', () => {
    expect(runValuesOf({}).reporters).toBeUndefined();
    expect(DEFAULT_REPORTERS).toEqual(['junit', 'html', 'summary', 'allure']);
  });

  test('a misspelt name: one line with the closest name, exit 2, before any run', () => {
    expect(() => runValuesOf({ reporter: ['alure'] })).toThrow(SetupError);
    expect(misspelt.code).toBe(2);
    expect(misspelt.stderr.trimEnd().split('\n')).toEqual([
      "banking-api-conformance: --reporter: unknown report 'jnuit' (did you mean junit?); reports are junit, html, summary, allure, har",
    ]);
    expect(misspelt.stdout).toBe('');
  });
});
