import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';

// A verdict does not depend on how busy the machine is: the whole suite, run as a
// user runs it (the command line, the embedded emulator), with two loops spinning
// beside it on a 2-core machine, must come out CONFORMANT. The loops end on their
// own after BUSY_MS and are killed when the test ends, whatever it did. (It
// measures the suite against load it makes itself; on a machine already far
// busier than two loops it is slow, and bounded by its time-out.)

const BUSY_MS = 300_000;
/** The loops, and the run itself: killed when the test ends, whatever it did. */
const busy: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const loop of busy.splice(0)) loop.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test('a full run beside two busy loops is CONFORMANT', async () => {
  for (let index = 0; index < 2; index += 1) {
    busy.push(spawn(process.execPath, ['-e', `const end = Date.now() + ${BUSY_MS}; while (Date.now() < end) {}`], { stdio: 'ignore' }));
  }
  const reportDir = mkdtempSync(join(tmpdir(), 'busy-run-'));
  dirs.push(reportDir);
  const run = spawn(process.execPath, ['bin/banking-api-conformance.mjs', 'run', '--report-dir', reportDir, '--quiet'], {
    env: { ...process.env, CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  busy.push(run);
  let stdout = '';
  run.stdout?.on('data', (chunk) => (stdout += chunk));
  const code = await new Promise<number | null>((resolve) => run.on('close', resolve));
  const document = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as { verdict: string; counts: Record<string, number> };
  expect(
    { code, verdict: document.verdict, fail: document.counts.FAIL, untestable: document.counts.UNTESTABLE },
    stdout.slice(-4000),
  ).toEqual({ code: 0, verdict: 'conformant', fail: 0, untestable: 0 });
}, 600_000);
