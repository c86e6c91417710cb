import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runCli } from './cliProcess.ts';

// The first hour: `init --yes` MUST print a next command that works as printed.
// With no flag describing a target, that is the embedded emulator, and the
// command MUST judge it CONFORMANT. (`npx banking-api-conformance` is this bin.)

const dir = mkdtempSync(join(tmpdir(), 'bac-init-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('init --yes, then the command it prints: CONFORMANT against the embedded emulator', async () => {
  const init = await runCli(['init', '--yes', '--output', join(dir, 'target.json')]);
  expect(init.code, init.stderr).toBe(0);
  const next = /^Next: npx banking-api-conformance (.+)$/m.exec(init.stdout)?.[1];
  expect(next, init.stdout).toBe('run');

  const run = await runCli([...next!.split(' '), '--report-dir', join(dir, 'reports')]);
  expect(run.code, run.stdout.slice(-2000)).toBe(0);
  expect(run.stdout).toMatch(/Verdict: CONFORMANT\b/);
}, 300_000);
