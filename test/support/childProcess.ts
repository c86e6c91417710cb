import { spawn } from 'node:child_process';

// A program run to its exit as a user or CI runs it: its exit code and output.

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

/** Any command (npm, npx, docker, ...) with these arguments, the environment added to this process's. */
export function commandToExit(command: string, args: readonly string[], options: RunOptions = {}): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...(options.cwd ? { cwd: options.cwd } : {}),
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A Node.js script, run by the Node.js that runs the tests. */
export function runToExit(script: string, args: readonly string[], options: RunOptions = {}): Promise<ProcessResult> {
  return commandToExit(process.execPath, [script, ...args], options);
}
