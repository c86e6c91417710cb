import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, test } from 'vitest';
import { PROJECT_ROOT, runCli } from '../cli/cliProcess.ts';
import { commandToExit } from '../support/childProcess.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';

// `client --wait` through the real command line, with the client started separately as a user
// starts it in another terminal: the reference client as its own process, given the URL and the
// fixture ids the command printed and a token minted by the command it printed. The judgement
// ends on the client's quiet (a small --idle) or on SIGINT; only outcomes are asserted, never
// how long anything took.

const dirs: string[] = [];
const reportDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'client-wait-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

type Waiting = ChildProcessByStdio<null, Readable, Readable>;

interface Served {
  child: Waiting;
  /** Each variable the command printed, by name. */
  variables: Record<string, string>;
  mintUrl: string;
  lines: string[];
  exited: Promise<number | null>;
}

/** Starts `client --wait`, reads what it prints until it says it is waiting. */
async function serveClient(args: string[]): Promise<Served> {
  const child = spawn(process.execPath, [`${PROJECT_ROOT}/bin/banking-api-conformance.mjs`, 'client', '--wait', ...args], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const lines: string[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const waiting = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (line.startsWith('Waiting for your client')) resolve();
    });
    void exited.then((code) => reject(new Error(`client --wait exited ${code} before waiting: ${stderr}`)));
  });
  await waiting;
  const variables: Record<string, string> = {};
  for (const line of lines) {
    const printed = /^ {2}(BANKING_API_\w+)=(\S+)$/.exec(line);
    if (printed) variables[printed[1]!] = printed[2]!;
  }
  const mintUrl = lines.map((line) => / -X POST (\S+)/.exec(line)?.[1]).find((url) => url !== undefined);
  if (!mintUrl) throw new Error(`client --wait printed no way to mint a token: ${lines.join('\n')}`);
  return { child, variables, mintUrl, lines, exited };
}

/** The reference client as its own process, given what `client --wait` printed and a minted token. */
async function runReferenceClient(served: Served): Promise<{ code: number | null; token: string }> {
  const minted = await fetch(served.mintUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const { token } = (await minted.json()) as { token: string };
  const result = await commandToExit(process.execPath, ['examples/reference-client/index.mjs'], {
    cwd: PROJECT_ROOT,
    env: { ...served.variables, BANKING_API_TOKEN: token },
  });
  return { code: result.code, token };
}

const resultsIn = (dir: string): ResultsDocument => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsDocument;

describe('client --wait', () => {
  test(
    'prints the URL, the fixture ids and how to mint a token (never a token); judges once the client goes quiet',
    { timeout: 120_000 },
    async () => {
      const dir = reportDir();
      const served = await serveClient(['--idle', '3', '--report-dir', dir]);
      expect(Object.keys(served.variables).sort()).toEqual([
        'BANKING_API_ACCOUNT_ID',
        'BANKING_API_BASE_URL',
        'BANKING_API_DEPOSIT_PRODUCT_ID',
        'BANKING_API_JUDGE_WEBHOOKS_URL',
      ]);
      expect(served.lines.join('\n')).toContain('BANKING_API_TOKEN: mint one with curl');
      const client = await runReferenceClient(served);
      expect(client.code).toBe(0);
      expect(await served.exited).toBe(0);
      const document = resultsIn(dir);
      expect(document.verdict).toBe('conformant');
      expect(document.replayArguments).toEqual(['--wait', '--idle', '3']);
      expect(served.lines.join('\n')).toMatch(/^Your client was quiet for 3 s; it made \d+ calls?$/m);
      expect(document.requirements.find((one) => one.id === 'CL-RESEND-EMPTY-OBJECT')?.outcome).toBe('PASS');
      // Its webhook's receiver was judged while the client waited for BANKING_API_JUDGE_WEBHOOKS_URL's answer: the wait was not quiet meanwhile.
      expect(document.requirements.find((one) => one.id === 'RC-ACCEPT-VALID')?.outcome).toBe('PASS');
      // The minting went through the served URL, but it is not one of the client's calls.
      expect(JSON.stringify(document)).not.toContain('/_emulator/tokens');
      expect(`${served.lines.join('\n')}${readFileSync(join(dir, 'results.json'), 'utf8')}`).not.toContain(client.token);
    },
  );

  test('on SIGINT the client is judged at once, whatever --idle says', { timeout: 120_000 }, async () => {
    const dir = reportDir();
    const served = await serveClient(['--idle', '3600', '--report-dir', dir]);
    expect((await runReferenceClient(served)).code).toBe(0);
    served.child.kill('SIGINT');
    expect(await served.exited).toBe(0);
    expect(resultsIn(dir).verdict).toBe('conformant');
  });

  test('SIGINT before any call: nothing judged, exit 2, no report written', { timeout: 60_000 }, async () => {
    const dir = reportDir();
    const served = await serveClient(['--report-dir', dir]);
    served.child.kill('SIGINT');
    expect(await served.exited).toBe(2);
    expect(existsSync(join(dir, 'results.json'))).toBe(false);
  });

  test.each([['0'], ['-1'], ['soon'], ['']])("--idle '%s' is one line, exit 2", async (idle) => {
    const result = await runCli(['client', '--wait', '--idle', idle, '--report-dir', reportDir()]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      `banking-api-conformance: --idle must be a positive number of seconds; got '${idle}'`,
    ]);
  });

  test('--wait with a command is refused in one line, exit 2', async () => {
    const result = await runCli(['client', '--wait', '--report-dir', reportDir(), '--', process.execPath, '-e', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('--wait serves a client started elsewhere and runs no command');
  });
});
