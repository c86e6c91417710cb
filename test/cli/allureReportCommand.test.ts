import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runCli } from './cliProcess.ts';

// `report` on a directory without Allure results is a setup error saying what to run first
// (building from results is covered by test/report/cliReports.test.ts).

const empty = mkdtempSync(join(tmpdir(), 'bac-no-results-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

test('report on a directory without allure-results exits 2 naming it and the run that writes it', async () => {
  const result = await runCli(['report', '--report-dir', empty]);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain(`no Allure results at ${join(empty, 'allure-results')}`);
  expect(result.stderr).toContain(`banking-api-conformance run --report-dir ${empty}`);
});
