import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runArguments } from './cliRun.ts';

// The CPU time of one whole `run` against the embedded emulator, in a given checkout.
// Node tells a process only its own CPU time, and a run's work is spread over child
// processes (vitest's workers among them); bash's `time` reads what the kernel accounts to
// the processes it waited for, and each parent here waits for its own children, so the
// user and system time of the whole tree of processes adds up in it. /proc would only
// show processes still alive, which a run's are not by the time it ends.

export interface RunCpu {
  /** User plus system seconds, children included. */
  cpuSeconds: number;
  wallSeconds: number;
  verdict: string;
}

const TIMED = `TIMEFORMAT='%3U %3S'; time "$@" >"$RUN_LOG" 2>&1`;

export function runCpuTime(checkout: string): RunCpu {
  const reportDir = mkdtempSync(join(tmpdir(), 'bench-cpu-'));
  try {
    const log = join(reportDir, 'run.log');
    const cli = [process.execPath, ...runArguments(reportDir)];
    const started = performance.now();
    const timed = spawnSync('bash', ['-c', TIMED, 'bash', ...cli], {
      cwd: checkout,
      encoding: 'utf8',
      env: { ...process.env, RUN_LOG: log },
    });
    const wallSeconds = (performance.now() - started) / 1000;
    // Exit code 1 is a non-conformant verdict, still a finished run; anything else broke.
    if (timed.status !== 0 && timed.status !== 1)
      throw new Error(`run in ${checkout} exited ${timed.status}: ${readFileSync(log, 'utf8').slice(-2000)}${timed.stderr}`);
    const [user, system] = timed.stderr.trim().split('\n').at(-1)!.split(' ').map(Number);
    if (!Number.isFinite(user) || !Number.isFinite(system)) throw new Error(`bash's time printed no "user system": ${timed.stderr}`);
    const document = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as { verdict: string };
    return { cpuSeconds: user! + system!, wallSeconds, verdict: document.verdict };
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}
