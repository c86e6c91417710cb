import { fileURLToPath } from 'node:url';
import { type ProcessResult, runToExit } from '../support/childProcess.ts';

// Runs the real CLI as a child process, as a user or CI would.

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type CliResult = ProcessResult;

export function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runToExit(`${PROJECT_ROOT}/bin/banking-api-conformance.mjs`, args, { cwd: PROJECT_ROOT, env });
}
