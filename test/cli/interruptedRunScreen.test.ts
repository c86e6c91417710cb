import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { inTerminal, SCRIPT, screenRows, type TerminalRun } from './terminalScreen.ts';

// Ctrl-C during a run on a terminal (a pseudo-terminal of util-linux `script`): the run says it is
// undoing what it created on a line of its own, not glued onto the live progress line, and exits 130.

const COLUMNS = 120;
const scratch = mkdtempSync(join(tmpdir(), 'bac-interrupted-screen-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Resolves once the output matches, as each piece arrives; fails if the command ends first. */
function shown(run: TerminalRun, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const look = () => {
      if (pattern.test(run.output())) {
        run.child.stdout?.off('data', look);
        resolve();
      }
    };
    run.child.stdout?.on('data', look);
    void run.exited.then(() => reject(new Error(`ended before ${pattern}: ${run.output()}`)));
    look();
  });
}

test.skipIf(!existsSync(SCRIPT))(
  "an interrupted run's lines start on their own line, below the progress bar, and it exits 130 (skipped without util-linux script)",
  async () => {
    // A delivery scenario holds its webhook for seconds: the run is still going when it is interrupted.
    const run = inTerminal(
      ['run', '--requirement', 'DL-DELIVERY-TIMEOUT', '--concurrency', '1', '--report-dir', join(scratch, 'reports')],
      COLUMNS,
      40,
    );
    await shown(run, /\[[#.]{24}\] \d+\/\d+ delivery/);
    // script runs the command as its child (exec): the run's own process is the one a Ctrl-C reaches.
    const pid = Number(
      execFileSync('pgrep', ['-P', String(run.child.pid)], { encoding: 'utf8' })
        .trim()
        .split('\n')[0],
    );
    process.kill(pid, 'SIGINT');
    expect(await run.exited, run.output()).toBe(130);
    const rows = screenRows(run.output(), COLUMNS);
    const undoing = rows.findIndex((row) => row.includes('SIGINT: undoing what the run created'));
    expect(undoing, rows.join('\n')).toBeGreaterThan(0);
    expect(rows[undoing]).toMatch(/^banking-api-conformance: SIGINT: undoing/);
    // The bar stays above it as it was.
    expect(rows[undoing - 1]).toMatch(/^\[[#.]{24}\] \d+\/\d+ delivery/);
  },
  120_000,
);
