import { existsSync, mkdtempSync, openSync, closeSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { CheckRecord } from '../../harness/records/checkRecords.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { readResults } from '../../verdict/resultsFile.ts';
import { runInProcess } from './inProcessRun.ts';

// One clean full run per `vitest run`, shared by the tests that only read a clean run's results
// (issue 44): the whole suite in-process against the embedded emulator (sandbox), with the seed
// and schedule seed below. Made by the first worker to ask, in the folder the global set-up
// provides (test/support/cleanRunFolder.ts); a worker that asks while it is being made waits for
// it. Without that folder (a config without the set-up) each worker makes its own.

export const CLEAN_RUN = { seed: 1, scheduleSeed: 1 } as const;

/** Longer than a whole run on a loaded 2-core machine; a worker still waiting then says why. */
const WAIT_LIMIT_MS = 15 * 60_000;
const POLL_MS = 500;

/** By folder: a worker kept across watch-mode reruns is given a fresh folder for each. */
const made = new Map<string, Promise<ResultsDocument>>();

let ownFolder: string | undefined;

function sharedFolder(): string {
  return inject('cleanRunFolder') ?? (ownFolder ??= mkdtempSync(join(tmpdir(), 'bac-clean-run-')));
}

async function makeOrWait(folder: string): Promise<ResultsDocument> {
  const reportDir = join(folder, 'run');
  const finished = join(folder, 'finished');
  const failed = join(folder, 'failed');
  let claim: number | undefined;
  try {
    claim = openSync(join(folder, 'claim'), 'wx');
  } catch {
    // Another worker claimed it: wait for its run.
  }
  if (claim !== undefined) {
    closeSync(claim);
    try {
      await runInProcess({ reportDir, ...CLEAN_RUN });
      writeFileSync(finished, '');
    } catch (error) {
      writeFileSync(failed, (error as Error).stack ?? String(error));
      throw error;
    }
  }
  for (const deadline = Date.now() + WAIT_LIMIT_MS; !existsSync(finished);) {
    if (existsSync(failed)) throw new Error(`the shared clean run failed in another worker: ${readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`the shared clean run in ${folder} did not finish within ${WAIT_LIMIT_MS / 60_000} min`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return readResults(reportDir);
}

/** The results document of the shared clean run (made on first call). */
export function cleanRunResults(): Promise<ResultsDocument> {
  const folder = sharedFolder();
  const run = made.get(folder) ?? makeOrWait(folder);
  made.set(folder, run);
  return run;
}

/** Every check record of the shared clean run, as runScenarios would answer them. */
export async function cleanRunRecords(): Promise<CheckRecord[]> {
  return (await cleanRunResults()).requirements.flatMap((requirement) => requirement.checks);
}
