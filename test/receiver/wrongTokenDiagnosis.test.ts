import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type ReferenceReceiver, startReferenceReceiver } from '../../examples/reference-receiver/referenceReceiver.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { runCli } from '../cli/cliProcess.ts';

// A receiver judged with another token than its webhook's refuses every correctly
// signed delivery with 401. The run says the likely cause in one line, shows one
// refused exchange and counts the failures it explains, instead of some 700 lines of
// near-identical exchanges; results.json still keeps every check record, and says the cause.

const DIAGNOSIS = 'every validly signed delivery was answered 401: is --token-env the token the webhook was created with?';
/** Without the diagnosis the run printed 718 lines; with it, the requirement list, the failures' headings and one exchange. */
const MOST_LINES = 150;

const scratch = mkdtempSync(join(tmpdir(), 'bac-wrong-token-'));
let receiver: ReferenceReceiver;

beforeAll(async () => {
  receiver = await startReferenceReceiver({ token: 'the-webhooks-own-token-4c1d9e' });
});

afterAll(async () => {
  await receiver?.close();
  rmSync(scratch, { recursive: true, force: true });
});

test('a receiver run with the wrong token: the one-line diagnosis, one exchange, bounded output', async () => {
  const reportDir = join(scratch, 'reports');
  const run = await runCli(['receiver', '--url', receiver.url, '--token-env', 'WRONG_TOKEN', '--report-dir', reportDir], {
    WRONG_TOKEN: 'another-token-than-the-webhooks-7a2b',
  });
  expect(run.code, run.stdout.slice(-3000) + run.stderr).toBe(1);
  const lines = run.stdout.split('\n');
  expect(lines.filter((line) => line === DIAGNOSIS)).toHaveLength(1);
  expect(lines.filter((line) => line.trim() === 'exchange:')).toHaveLength(1);
  expect(lines.length).toBeLessThanOrEqual(MOST_LINES);
  // The receiver's deliveries carry a signature, never a token: their curl asks for none.
  expect(lines.filter((line) => line.trim() === 'curl:')).toHaveLength(1);
  expect(run.stdout).not.toContain('BANKING_API_TOKEN');

  const document = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as ResultsDocument;
  const refused = document.requirements
    .flatMap((result) => result.checks)
    .filter((check) => check.outcome === 'FAIL' && check.evidence?.exchanges?.some((exchange) => exchange.response?.status === 401));
  expect(refused.length).toBeGreaterThan(10);
  // The reports say the cause too: results.json once, report.html in its verdict banner.
  expect(document.diagnosis).toBe(DIAGNOSIS);
  expect(readFileSync(join(reportDir, 'report.html'), 'utf8')).toContain(`<p class="diagnosis">${DIAGNOSIS}</p>`);
}, 180_000);
