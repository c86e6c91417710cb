import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli/cliProcess.ts';

// client --target's setup errors (issue 52, Bad input): each one line, exit 2, before the client starts:
// a manifest that cannot be read, a target that cannot be reached (within --wait-for-target), and a
// token variable the manifest names that is not set.

const dir = mkdtempSync(join(tmpdir(), 'client-target-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A loopback port nothing listens at: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function manifestAt(baseUrl: string, tokens: unknown[] = []): string {
  const path = join(dir, `target-${tokens.length}.json`);
  writeFileSync(path, JSON.stringify({ name: 'a sandbox', baseUrl, environment: 'sandbox', capabilities: ['core'], tokens }));
  return path;
}

const client = (...options: string[]) => ['client', ...options, '--report-dir', dir, '--', process.execPath, '-e', '0'];
const lines = (stderr: string) => stderr.trim().split('\n');

describe('client --target setup errors', () => {
  test('a manifest that cannot be read is one line, exit 2', async () => {
    const missing = join(dir, 'no-such-target.json');
    const result = await runCli(client('--target', missing));
    expect([result.code, lines(result.stderr)]).toEqual([2, [`banking-api-conformance: --target ${missing} cannot be read (ENOENT)`]]);
    expect(result.stdout).toBe('');
  });

  test('a target that cannot be reached within --wait-for-target is one line, exit 2, and the client never starts', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}`;
    const manifest = manifestAt(baseUrl);
    const result = await runCli(client('--target', manifest, '--wait-for-target', '1'));
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      `banking-api-conformance: cannot reach the target at ${baseUrl} (ECONNREFUSED) within 1 s: start it, or fix baseUrl in ${manifest}`,
    ]);
    expect(result.stdout).not.toContain('Client:');
  });

  test('a token variable the manifest names and the environment lacks is one line, exit 2', async () => {
    const manifest = manifestAt('http://127.0.0.1:9', [
      { env: 'CLIENT_TARGET_TEST_TOKEN', scopes: ['payments', 'payments-write', 'webhooks', 'webhooks-write', 'events', 'events-write'] },
    ]);
    const result = await runCli(client('--target', manifest), { CLIENT_TARGET_TEST_TOKEN: '' });
    expect([result.code, lines(result.stderr)]).toEqual([
      2,
      [
        "banking-api-conformance: environment variable CLIENT_TARGET_TEST_TOKEN is not set (the token of target 'a sandbox' your client is given); export it before running",
      ],
    ]);
  });
});
