import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, test } from 'vitest';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { PROJECT_ROOT, runCli } from '../cli/cliProcess.ts';
import { receiverElsewhere, webhookClientCommand } from './webhookElsewhere.ts';

// Issue 49, item 7: client --effects URL reads what the receiver of the client's webhook processed,
// as receiver --effects does, so the processed-once and not-processed requirements are judged on it
// instead of SKIPping: a receiver that processes each event once passes them, one that processes a
// redelivered event again FAILs RC-DUPLICATE-PROCESSED-ONCE. Through the real command line, with
// `-- COMMAND` and with --wait (the client then started by the test itself).

/** The requirements only an effects probe can judge. */
const PROCESSED = ['RC-DUPLICATE-PROCESSED-ONCE', 'RC-BATCH-PROCESSED-ONCE', 'RC-SIGNATURE-NOT-PROCESSED'];

const dirs: string[] = [];
const reportDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'client-effects-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const resultsIn = (dir: string): ResultsDocument => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsDocument;
const outcomesOf = (document: ResultsDocument, ids: readonly string[]): string[] =>
  ids.map((id) => `${id} ${document.requirements.find((result) => result.id === id)?.outcome}`);
/** What the flagged requirements' checks said, so a failure here says why. */
const flaggedChecks = (document: ResultsDocument): string =>
  document.requirements
    .filter((result) => ['FAIL', 'WARN', 'UNTESTABLE'].includes(result.outcome))
    .flatMap((result) => result.checks.map((check) => `${check.outcome} ${result.id} ${check.itemId}: ${check.message}`))
    .join('\n');

/** `client --effects` on the client of test/client/webhookElsewhere.ts, its receiver correct or the faulty one named. */
async function judgedWithEffects(faulty?: string): Promise<{ code: number | null; stdout: string; document: ResultsDocument }> {
  const { receiver, environment } = await receiverElsewhere(faulty);
  const dir = reportDir();
  try {
    const args = ['client', '--plan', 'none', '--effects', receiver.effectsUrl, '--report-dir', dir, '--', ...webhookClientCommand()];
    const result = await runCli(args, { ...environment, NO_COLOR: '1' });
    expect(result.stderr).toBe('');
    return { code: result.code, stdout: result.stdout, document: resultsIn(dir) };
  } finally {
    await receiver.close();
  }
}

describe('client --effects URL', () => {
  test('a receiver that processes each event once: the processed-once and not-processed requirements PASS', async () => {
    const { code, stdout, document } = await judgedWithEffects();
    expect(outcomesOf(document, PROCESSED), flaggedChecks(document)).toEqual(PROCESSED.map((id) => `${id} PASS`));
    expect(document.requirements.find((result) => result.id === 'RC-RAW-BODY-VERIFIED')?.outcome).toBe('PASS');
    expect(document.verdict).toBe('conformant');
    expect(code).toBe(0);
    // The probe is in the command that repeats the run, and no line says it is missing.
    expect(document.replayArguments).toEqual(expect.arrayContaining(['--effects', expect.stringMatching(/\/effects$/)]));
    expect(stdout).not.toContain('Effects probe: none');
  });

  test('a receiver that processes a redelivered event again: RC-DUPLICATE-PROCESSED-ONCE FAILs, NON-CONFORMANT', async () => {
    const { code, stdout, document } = await judgedWithEffects('processes-duplicates-twice');
    expect(outcomesOf(document, PROCESSED), flaggedChecks(document)).toEqual([
      'RC-DUPLICATE-PROCESSED-ONCE FAIL',
      'RC-BATCH-PROCESSED-ONCE PASS',
      'RC-SIGNATURE-NOT-PROCESSED PASS',
    ]);
    const failed = document.requirements.find((result) => result.id === 'RC-DUPLICATE-PROCESSED-ONCE');
    expect(failed?.checks.find((check) => check.outcome === 'FAIL')?.message).toMatch(
      /expected processed exactly once .* counts 2 for event/,
    );
    expect(document.verdict).toBe('non-conformant');
    expect(code).toBe(1);
    expect(stdout).toMatch(/Verdict: NON-CONFORMANT: .*RC-DUPLICATE-PROCESSED-ONCE/);
  });

  test('with --wait, a client started elsewhere: its receiver is judged with the probe too', async () => {
    const { receiver, attributes } = await receiverElsewhere();
    const dir = reportDir();
    const args = ['client', '--wait', '--idle', '1', '--plan', 'none', '--effects', receiver.effectsUrl, '--report-dir', dir];
    const child: ChildProcessByStdio<null, Readable, Readable> = spawn(
      process.execPath,
      [`${PROJECT_ROOT}/bin/banking-api-conformance.mjs`, ...args],
      { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    try {
      const lines: string[] = [];
      await new Promise<void>((resolve, reject) => {
        createInterface({ input: child.stdout }).on('line', (line) => {
          lines.push(line);
          if (line.startsWith('Waiting for your client')) resolve();
        });
        void exited.then((code) => reject(new Error(`client --wait exited ${code} before waiting`)));
      });
      const baseUrl = lines.map((line) => /^ {2}BANKING_API_BASE_URL=(\S+)$/.exec(line)?.[1]).find(Boolean) as string;
      const mintUrl = lines.map((line) => / -X POST (\S+)/.exec(line)?.[1]).find(Boolean) as string;
      const { token } = (await (await fetch(mintUrl, { method: 'POST' })).json()) as { token: string };
      // The client started elsewhere: the test, creating the webhook the one-line client creates.
      const created = await fetch(`${baseUrl}/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
        body: JSON.stringify({ data: { type: 'webhook', attributes } }),
      });
      expect(created.status).toBe(201);
      expect(await exited).toBe(0);
      const document = resultsIn(dir);
      expect(outcomesOf(document, PROCESSED), flaggedChecks(document)).toEqual(PROCESSED.map((id) => `${id} PASS`));
    } finally {
      child.kill();
      await receiver.close();
    }
  });
});
