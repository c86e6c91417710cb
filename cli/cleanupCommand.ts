import { join } from 'node:path';
import { CLEANUP_LEDGER_FILE, readLedger } from '../harness/targetIO/cleanupLedgerFile.ts';
import { undoPending } from '../harness/targetIO/ledgerUndo.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { EMULATOR_MANIFEST_PATH, loadManifest } from '../harness/targetIO/targetManifest.ts';
import { SetupError } from '../harness/records/setupError.ts';
import { openTargetSession } from '../harness/targetIO/targetSession.ts';

// `banking-api-conformance cleanup --report-dir DIR`: finishes the cleanup of a
// run that was killed, from the ledger it left in DIR: cancels its rules and
// disables its webhooks on the target the ledger names (or --target/--base-url).
// Exit 0 when nothing of the run is left live, 1 when something is.

export interface CleanupOptions {
  reportDir: string;
  target?: string;
  baseUrl?: string;
}

export async function cleanupCommand(options: CleanupOptions, write: (text: string) => void, redactor: SecretRedactor): Promise<number> {
  const path = join(options.reportDir, CLEANUP_LEDGER_FILE);
  const ledger = readLedger(path);
  if (ledger.created === 0 && !ledger.run)
    throw new SetupError(
      `no cleanup ledger in ${options.reportDir} (${CLEANUP_LEDGER_FILE}): give the --report-dir of the run to clean up after`,
    );
  if (ledger.pending.length === 0) {
    write(`Nothing to undo: every one of the ${ledger.created} resources in ${path} was undone.`);
    return 0;
  }
  const manifestPath = options.target ?? ledger.run?.manifestPath ?? EMULATOR_MANIFEST_PATH;
  const baseUrl = options.baseUrl ?? (options.target ? undefined : ledger.run?.baseUrl);
  const session = await openTargetSession(loadManifest(manifestPath), baseUrl ? { baseUrl } : {}, { redactor });
  write(`Undoing ${ledger.pending.length} of ${ledger.created} resources on ${session.target.baseUrl} (ledger ${path})`);
  const outcomes = await undoPending(path, session.target.baseUrl, session.tokens.full(), session.gate);
  for (const outcome of outcomes) write(`  ${outcome.done ? 'done' : 'LEFT'}  ${outcome.describe}: ${outcome.detail}`);
  const left = outcomes.filter((outcome) => !outcome.done).length;
  write(
    left === 0
      ? `Cleanup complete: ${outcomes.length} undone.`
      : `Cleanup incomplete: ${left} of ${outcomes.length} still live; run cleanup again or undo them by hand.`,
  );
  return left === 0 ? 0 : 1;
}
