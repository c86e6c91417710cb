import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommanderError } from 'commander';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { SetupError } from '../harness/records/setupError.ts';

// How the command line ends when something went wrong: always one line on
// stderr and exit 2 (1 means "non-conformant", never "you typed it wrong").
// A setup or usage error says what to fix; anything unexpected is a bug of the
// suite, whose details go to a file the line names, not onto the terminal.

export const SETUP_EXIT = 2;

function crashFile(error: unknown, redactor: SecretRedactor): string {
  const path = join(tmpdir(), `banking-api-conformance-crash-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}.txt`);
  const details = [
    `banking-api-conformance crashed at ${new Date().toISOString()}`,
    `command: ${process.argv.slice(2).join(' ')}`,
    `node ${process.version} on ${process.platform}`,
    '',
    describeError(error),
  ].join('\n');
  writeFileSync(path, `${redactor.text(details)}\n`);
  return path;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause === undefined ? '' : `\ncaused by: ${describeError(error.cause)}`;
  return `${error.stack ?? error.message}${cause}`;
}

/** Prints the one line and returns the exit code; `redactor` is the command line's, which knows the run's secrets. */
export function exitForFailure(error: unknown, writeError: (line: string) => void, redactor: SecretRedactor): number {
  // commander has already printed its own message (and the help) for usage errors.
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : SETUP_EXIT;
  if (error instanceof SetupError) {
    writeError(`banking-api-conformance: ${redactor.text(error.message)}`);
    return SETUP_EXIT;
  }
  const message = redactor.text(error instanceof Error ? error.message : String(error)).split('\n')[0];
  let where: string;
  try {
    where = `details in ${crashFile(error, redactor)}`;
  } catch {
    where = 'the details could not be written to a file';
  }
  writeError(`banking-api-conformance: internal error (a bug of the suite, not the target): ${message}; ${where}`);
  return SETUP_EXIT;
}

/** Whatever escapes every handler still ends as one line and exit 2, never a raw stack trace. */
export function exitOnUncaughtError(writeError: (line: string) => void, redactor: SecretRedactor): void {
  process.on('uncaughtException', (error) => {
    process.exit(exitForFailure(error, writeError, redactor));
  });
}

/**
 * A command whose work stopped waiting on anything (a promise nothing will settle)
 * would let Node exit with whatever exit code was set so far, 0 included, and no
 * verdict. Marks that as the suite's bug: one line and exit 2. Call the returned
 * function once the command has finished.
 */
export function exitIfStalled(writeError: (line: string) => void): () => void {
  let finished = false;
  process.once('beforeExit', () => {
    if (finished) return;
    writeError(
      'banking-api-conformance: internal error (a bug of the suite, not the target): the command stopped before it finished, with nothing left to wait for; no verdict',
    );
    process.exitCode = SETUP_EXIT;
  });
  return () => {
    finished = true;
  };
}
