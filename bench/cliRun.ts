import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ResultsDocument } from '../verdict/resultsDocument.ts';

// One whole `run` through the CLI, as a user runs it, for the benches: its wall time
// from start to exit and the results.json it wrote.

export interface CliRun {
  seconds: number;
  document: ResultsDocument;
  /** What it printed. */
  stdout: string;
}

/** The command line of a whole run writing its reports to `reportDir`, from the project's root. */
export const runArguments = (reportDir: string, args: readonly string[] = []): string[] => [
  'bin/banking-api-conformance.mjs',
  'run',
  '--seed',
  '1',
  '--quiet',
  '--report-dir',
  reportDir,
  ...args,
];

export async function runCli(args: string[], env: Readonly<Record<string, string>> = {}): Promise<CliRun> {
  const reportDir = mkdtempSync(join(tmpdir(), 'bench-run-'));
  const started = performance.now();
  // Asynchronous: the emulator (and proxy) of a latency run lives in this process and must keep serving.
  const stdout = await promisify(execFile)(process.execPath, runArguments(reportDir, args), {
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...env },
  }).then(
    (done) => done.stdout,
    (error: { code?: number; stdout?: string; stderr?: string }) => {
      // Exit code 1 is a non-conformant verdict, still a finished run; anything else broke.
      if (error.code !== 1) throw new Error(`run ${args.join(' ')} exited ${error.code}: ${error.stderr || error.stdout?.slice(-2000)}`);
      return error.stdout ?? '';
    },
  );
  const seconds = (performance.now() - started) / 1000;
  return { seconds, stdout, document: JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as ResultsDocument };
}
