import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../../emulator/emulator.ts';
import { CLEANUP_LEDGER_FILE, readLedger } from '../../harness/targetIO/cleanupLedgerFile.ts';
import { PROJECT_ROOT, runCli } from './cliProcess.ts';

// A run killed with SIGKILL mid-scenario leaves its cleanup ledger behind;
// `cleanup --report-dir DIR` then cancels its rules and disables its webhooks,
// so no resource the ledger names is left Active or Enabled on the target.

let emulator: Emulator;
let token: string;
beforeAll(async () => {
  emulator = await startEmulator();
  const minted = await request(`${emulator.url()}/_emulator/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scopes: ['payments', 'webhooks'] }),
  });
  token = ((await minted.body.json()) as { token: string }).token;
});
afterAll(() => emulator.close());

async function statusOf(kind: 'rule' | 'webhook', id: string): Promise<string | undefined> {
  const answer = await request(`${emulator.url()}/${kind === 'rule' ? 'positive-pay' : 'webhooks'}/${encodeURIComponent(id)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await answer.body.json()) as { data?: { attributes?: { status?: string } } };
  return body.data?.attributes?.status;
}

const live = (kind: 'rule' | 'webhook', status: string | undefined) =>
  kind === 'rule' ? status === 'Active' || status === 'AwaitingDocuments' : status === 'Enabled';

test('a killed run, then cleanup: nothing the ledger names is left live', async () => {
  const reportDir = mkdtempSync(join(tmpdir(), 'bac-killed-'));
  const ledgerPath = join(reportDir, CLEANUP_LEDGER_FILE);
  // Rule scenarios and a delivery scenario that keeps its webhook for seconds (a receiver that hangs).
  const child = spawn(
    process.execPath,
    [
      `${PROJECT_ROOT}/bin/banking-api-conformance.mjs`,
      'run',
      '--base-url',
      emulator.url(),
      '--requirement',
      'PP-RULE-GET,DL-DELIVERY-TIMEOUT',
      '--concurrency',
      '1',
      '--report-dir',
      reportDir,
    ],
    {
      cwd: PROJECT_ROOT,
      env: { ...process.env, BANKING_API_CONFORMANCE_RUN: '' },
      stdio: 'ignore',
      detached: true,
    },
  );
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const group = (signal: NodeJS.Signals) => child.pid && child.exitCode === null && process.kill(-child.pid, signal);
  try {
    const deadline = Date.now() + 150_000;
    for (;;) {
      const state = existsSync(ledgerPath) ? readLedger(ledgerPath) : undefined;
      if (state && state.pending.some((action) => action.kind === 'webhook')) {
        // Frozen, the run can neither disable the webhook nor write that it did; a webhook it
        // disabled just before is seen here as not live, and the run goes on.
        group('SIGSTOP');
        await new Promise((resolve) => setTimeout(resolve, 100));
        const frozen = readLedger(ledgerPath).pending.filter((action) => action.kind === 'webhook');
        const statuses = await Promise.all(frozen.map((action) => statusOf(action.kind, action.id)));
        if (statuses.some((status) => live('webhook', status))) break;
        group('SIGCONT');
      }
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error('the run never held a webhook of its own; cannot test the cleanup of a killed run');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    // The CLI and its vitest workers, as a kill -9 of the job would.
    group('SIGKILL');
  }
  await exited;

  const lines = readFileSync(ledgerPath, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { op: string; kind?: string; id?: string });
  const created = lines.filter((line) => line.op === 'created') as Array<{ kind: 'rule' | 'webhook'; id: string }>;
  // Rules too, unless the delivery scenario happened to run first (file order is vitest's choice).
  expect(JSON.stringify(lines)).not.toContain(token);
  const pending = readLedger(ledgerPath).pending;
  const liveBefore = (await Promise.all(pending.map(async (action) => live(action.kind, await statusOf(action.kind, action.id))))).filter(
    Boolean,
  ).length;
  expect(liveBefore).toBeGreaterThan(0);

  const cleanup = await runCli(['cleanup', '--report-dir', reportDir]);
  expect(cleanup.code, cleanup.stderr).toBe(0);
  expect(cleanup.stdout).toMatch(/Cleanup complete/);
  expect(cleanup.stdout).toMatch(/done {2}disable webhook/);

  const after = await Promise.all(created.map(async (action) => ({ ...action, status: await statusOf(action.kind, action.id) })));
  expect(after.filter((resource) => live(resource.kind, resource.status))).toEqual([]);
  expect(readLedger(ledgerPath).pending).toEqual([]);
  console.log(
    `killed run: ${created.length} resources in the ledger, ${pending.length} pending at the kill (${liveBefore} live); after cleanup none live`,
  );

  const again = await runCli(['cleanup', '--report-dir', reportDir]);
  expect(again.code).toBe(0);
  expect(again.stdout).toMatch(/Nothing to undo/);
}, 240_000);
