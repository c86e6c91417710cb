import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { runInProcess } from '../support/inProcessRun.ts';

// A verdict does not depend on how busy the machine is: the whole suite, run as `run`
// runs it (the embedded emulator, in this process), with two loops spinning beside it
// on a 2-core machine, must come out CONFORMANT. The loops last no longer than the run:
// they are killed when the test ends, whatever it did (BUSY_MS only bounds a loop this
// process could not kill). Counts and the verdict are asserted, never times.

const BUSY_MS = 300_000;
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
  const document = await runInProcess({ reportDir });
  expect(
    busy.every((loop) => loop.exitCode === null),
    'a busy loop ended before the run did',
  ).toBe(true);
  expect(document.itemIds.length).toBeGreaterThan(100);
  expect({ verdict: document.verdict, fail: document.counts.FAIL, untestable: document.counts.UNTESTABLE }).toEqual({
    verdict: 'conformant',
    fail: 0,
    untestable: 0,
  });
}, 600_000);
