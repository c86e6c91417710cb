import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { SCENARIOS_BY_AREA } from '../../suites/scenarioIndex.ts';
import { runCli, type CliResult } from './cliProcess.ts';

// --fail-fast stops at the first scenario with a failing check, and the verdict says
// the run was partial; --quiet prints the failures (in full, with a curl command and
// the replay command) and the verdict only.

const dir = mkdtempSync(join(tmpdir(), 'bac-fail-fast-'));
let result: CliResult;

beforeAll(async () => {
  result = await runCli([
    'run',
    '--only',
    'positive-pay',
    '--emulator-fault',
    'list-without-total',
    '--fail-fast',
    '--quiet',
    '--seed',
    '4',
    '--report-dir',
    dir,
  ]);
}, 180_000);

test('--fail-fast stops after the first failing scenario and marks the verdict partial', () => {
  expect(result.code, result.stderr).toBe(1);
  const document = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsDocument;
  expect(document.itemIds.length).toBeGreaterThan(0);
  expect(document.itemIds.length).toBeLessThan(SCENARIOS_BY_AREA['positive-pay'].length);
  expect(document.partial?.narrowedBy).toEqual(['--only positive-pay', '--fail-fast']);
  expect(document.requirements.find((entry) => entry.id === 'PP-LIST-SHAPE')?.outcome).toBe('FAIL');
  // Requirements of the scenarios that never ran are not selected, so never UNTESTABLE.
  expect(document.counts.UNTESTABLE).toBe(0);
});

test('--quiet prints the failures with how to reproduce them, and the verdict, nothing else', () => {
  const lines = result.stdout.split('\n').filter((line) => line.trim());
  expect(lines[0]).toBe('Failures (1 requirement: FAIL, WARN or UNTESTABLE)');
  // The embedded emulator stopped with the run: no curl command, the replay starts one of its own.
  expect(lines[1]).toMatch(/^No curl commands: the run's embedded emulator stopped with the run/);
  expect(lines[2]).toBe('FAIL PP-LIST-SHAPE (MUST, api §4.2)');
  expect(result.stdout).not.toMatch(/^\s+curl /m);
  expect(result.stdout).toMatch(
    / {2}replay: npx banking-api-conformance run --grep 'positive-pay\/[^']+' --seed 4 --emulator-fault list-without-total\n/,
  );
  expect(lines.at(-1)).toMatch(/^Verdict: NON-CONFORMANT \(partial: \d+ of \d+ requirements\): 1 MUST requirement failed: PP-LIST-SHAPE$/);
  expect(result.stdout).not.toMatch(/\[\s*\d+\/\d+\]|Target:|Results:|Started the embedded/);
});
