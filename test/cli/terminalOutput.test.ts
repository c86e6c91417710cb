import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PROJECT_ROOT, runCli, type CliResult } from './cliProcess.ts';

// The terminal as a person sees it: in a real pseudo-terminal (util-linux `script`)
// the run shows one live progress line and colours its outcomes, with NO_COLOR no
// colour; through a pipe (logs, CI) one plain line per scenario and no escape codes.

const SCRIPT = '/usr/bin/script';
const RUN = ['run', '--grep', 'webhooks/list/', '--seed', '2'];
const scratch = mkdtempSync(join(tmpdir(), 'bac-terminal-'));
const ESC = '\u001b';

function inTerminal(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const command = [process.execPath, join(PROJECT_ROOT, 'bin/banking-api-conformance.mjs'), ...args].map((part) => `'${part}'`).join(' ');
  const { CI: _ci, NO_COLOR: _noColour, ...rest } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(SCRIPT, ['-qec', command, '/dev/null'], {
      cwd: PROJECT_ROOT,
      env: { ...rest, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', () => resolve(output));
  });
}

let tty = '';
let ttyWithoutColour = '';
let ttyNoColorFlag = '';
let piped: CliResult;

beforeAll(async () => {
  if (!existsSync(SCRIPT)) return;
  [tty, ttyWithoutColour, ttyNoColorFlag, piped] = await Promise.all([
    inTerminal([...RUN, '--report-dir', join(scratch, 'tty')], {}),
    inTerminal([...RUN, '--report-dir', join(scratch, 'no-colour')], { NO_COLOR: '1' }),
    inTerminal([...RUN, '--no-color', '--report-dir', join(scratch, 'no-color-flag')], {}),
    runCli([...RUN, '--report-dir', join(scratch, 'piped')]),
  ]);
}, 180_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.skipIf(!existsSync(SCRIPT))('terminal output (skipped without util-linux script, which provides the pseudo-terminal)', () => {
  test('on a TTY: one live progress line with the area, counts and elapsed time, and colours', () => {
    expect(tty).toMatch(new RegExp(`\\r${ESC}\\[2K\\[#{24}\\] 4/4 webhooks  ${ESC}\\[32m4 PASS${ESC}\\[0m  \\d+:\\d\\d`));
    expect(tty).not.toMatch(/\[\d\/4\] PASS/);
    expect(tty).toContain(`Verdict: ${ESC}[1;32mCONFORMANT (partial: `);
  });

  test('on a TTY with NO_COLOR: the live line without colours', () => {
    expect(ttyWithoutColour).toMatch(new RegExp(`\\r${ESC}\\[2K\\[#{24}\\] 4/4 webhooks  4 PASS  \\d+:\\d\\d`));
    expect(ttyWithoutColour).not.toMatch(new RegExp(`${ESC}\\[(1;)?3\\dm`));
  });

  test('on a TTY with --no-color: the same as NO_COLOR', () => {
    expect(ttyNoColorFlag).toMatch(new RegExp(`\\r${ESC}\\[2K\\[#{24}\\] 4/4 webhooks  4 PASS  \\d+:\\d\\d`));
    expect(ttyNoColorFlag).not.toMatch(new RegExp(`${ESC}\\[(1;)?3\\dm`));
  });

  test('through a pipe: one plain line per scenario, no escape codes', () => {
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toMatch(/^\[1\/4\] PASS {7}webhooks\/list\/\S+ \(\d+ checks\)$/m);
    expect(piped.stdout).toMatch(/^\[4\/4\] PASS {7}webhooks\/list\/\S+ \(\d+ checks\)$/m);
    expect(piped.stdout).not.toContain(ESC);
  });
});
