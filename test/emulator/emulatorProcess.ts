import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type ProcessResult, runToExit } from '../support/childProcess.ts';

// The standalone emulator (bin/banking-api-emulator.mjs) as a child process, as
// a user starts it. Whoever starts one stops it in afterAll.

const BIN = fileURLToPath(new URL('../../bin/banking-api-emulator.mjs', import.meta.url));

export interface EmulatorProcess {
  child: ChildProcess;
  url: string;
  /** Everything printed so far, stdout and stderr. */
  output(): string;
  stop(): void;
}

/** Without a `-` flag such as --help: starts, resolves once it is listening. */
export function startEmulatorProcess(args: string[], env: Record<string, string> = {}): Promise<EmulatorProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, '--port', '0', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk;
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      // Wait for the whole start-up report, whose last line is about control endpoints.
      if (url && /control endpoints: off|mint a token/.test(output)) {
        resolve({ child, url, output: () => output, stop: () => void child.kill('SIGTERM') });
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => reject(new Error(`the emulator exited with ${code} before listening: ${output}`)));
  });
}

/** Runs the emulator to its exit (a usage error, --help): its exit code and output. */
export function runEmulatorProcess(args: string[], env: Record<string, string> = {}): Promise<ProcessResult> {
  return runToExit(BIN, args, { env });
}
