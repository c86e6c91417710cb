import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, test } from 'vitest';
import { PROJECT_ROOT, runCli } from '../cli/cliProcess.ts';
import { readEnvelope, statementIn, writeKeyPair } from '../support/certificateTampering.ts';

// Issue 52, item 3: `client --wait --certify` certifies a client started elsewhere as `client --
// COMMAND` certifies one it runs: the same signed Statement, which verify takes (exit 0); with no
// command, the predicate names no exit. The client here is this test's own call, made with what
// the command printed and a token minted as it says.

const dir = mkdtempSync(join(tmpdir(), 'client-certificate-wait-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const keys = writeKeyPair(dir, 'issuer');
// A test that fails before the client calls leaves the command waiting: it is ended with the file.
const started: Array<{ kill(): boolean; exitCode: number | null }> = [];
afterAll(() => started.filter((child) => child.exitCode === null).forEach((child) => child.kill()));
const IMAGE_HEX = 'cd'.repeat(32);

test('client --wait --certify: certified, the subject the image digest, no exit in the predicate; verify exit 0', async () => {
  const reports = join(dir, 'reports');
  const child = spawn(
    process.execPath,
    [
      `${PROJECT_ROOT}/bin/banking-api-conformance.mjs`,
      'client',
      '--wait',
      '--idle',
      '1',
      '--plan',
      'none',
      '--certify',
      '--signing-key',
      keys.privateKey,
      '--subject',
      `ghcr.io/you/client@sha256:${IMAGE_HEX}`,
      '--report-dir',
      reports,
    ],
    { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  started.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const lines: string[] = [];
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (line.startsWith('Waiting for your client')) resolve();
    });
    void exited.then((code) => reject(new Error(`client --wait exited ${code} before waiting: ${stderr}`)));
  });
  const baseUrl = lines.map((line) => /^ {2}BANKING_API_BASE_URL=(\S+)$/.exec(line)?.[1]).find(Boolean);
  const mintUrl = lines.map((line) => / -X POST (\S+)/.exec(line)?.[1]).find(Boolean);
  if (!baseUrl || !mintUrl) throw new Error(`client --wait printed no URL or no way to mint a token: ${lines.join('\n')}`);
  const minted = await fetch(mintUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const { token } = (await minted.json()) as { token: string };
  await (await fetch(`${baseUrl}/events`, { headers: { authorization: `Bearer ${token}` } })).text();

  expect(await exited, lines.join('\n') + stderr).toBe(0);
  expect(lines.join('\n')).toMatch(/^Certificate: \S+: CERTIFIED; /m);
  const envelope = join(reports, 'certificate.intoto.jsonl');
  const { subject, predicate } = statementIn(readEnvelope(envelope));
  expect(subject).toEqual([{ name: 'ghcr.io/you/client', digest: { sha256: IMAGE_HEX } }]);
  expect(predicate.client).toEqual({ plan: [] });
  expect(predicate.testResult?.configuration.at(-1)?.annotations).toEqual({ plan: 'none', seed: '0', target: 'embedded' });
  expect(readFileSync(join(reports, 'certificate.json'), 'utf8')).not.toContain(token);

  const verify = await runCli(['verify', envelope, '--key', keys.publicKey, '--subject', `sha256:${IMAGE_HEX}`]);
  expect(verify.code, verify.stdout + verify.stderr).toBe(0);
  expect(verify.stdout).toMatch(/^VALID: API client ghcr\.io\/you\/client /m);
}, 120_000);
