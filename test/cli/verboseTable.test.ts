import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { readResults } from '../../verdict/resultsFile.ts';
import { runCli } from './cliProcess.ts';

// `run --verbose` ends with the table of every requirement it judged, PASS included; without it the
// end holds only those that are not PASS. The reports hold every one either way.

const scratch = mkdtempSync(join(tmpdir(), 'bac-verbose-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const RUN = ['run', '--grep', 'webhooks/list/', '--seed', '5'];

test('--verbose adds the PASS requirements to the end of the run; without it none is listed', async () => {
  const [plain, verbose] = await Promise.all([
    runCli([...RUN, '--report-dir', join(scratch, 'plain')]),
    runCli([...RUN, '--verbose', '--report-dir', join(scratch, 'verbose')]),
  ]);
  expect(plain.code, plain.stderr).toBe(0);
  expect(verbose.code, verbose.stderr).toBe(0);
  const passed = readResults(join(scratch, 'plain/results.json')).requirements.filter((result) => result.outcome === 'PASS');
  expect(passed.length).toBeGreaterThan(0);
  for (const { id } of passed) {
    const row = new RegExp(`^ {2}PASS +${id} `, 'm');
    expect(verbose.stdout, id).toMatch(row);
    expect(plain.stdout, id).not.toMatch(row);
  }
  expect(plain.stdout).toMatch(/^Requirements not PASS: \d+ of \d+ requirements \(--verbose lists every one; the reports always do\)$/m);
}, 180_000);
