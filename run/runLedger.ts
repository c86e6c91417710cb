import { existsSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CLEANUP_LEDGER_FILE, readLedger, recordRun } from '../harness/targetIO/cleanupLedgerFile.ts';
import { undoPending, type UndoOutcome } from '../harness/targetIO/ledgerUndo.ts';
import type { TargetSession } from '../harness/targetIO/targetSession.ts';

// The run's side of the cleanup ledger: where the workers write it (passed in
// SessionOptions.cleanupLedgerPath), the target it belongs to, and what is left
// to undo when the run ends or is interrupted (Ctrl-C, SIGTERM). A SIGKILL
// leaves the file for `banking-api-conformance cleanup`.

const SIGNAL_EXIT: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 130, SIGTERM: 143 };

export class RunLedger {
  readonly path: string;
  private session?: TargetSession;
  private readonly handlers = new Map<NodeJS.Signals, () => void>();

  constructor(reportDir: string) {
    this.path = resolve(reportDir, CLEANUP_LEDGER_FILE);
    // What an earlier, killed run left to undo is kept beside, never overwritten.
    if (existsSync(this.path)) {
      if (readLedger(this.path).pending.length > 0) renameSync(this.path, join(reportDir, `cleanup-ledger-${Date.now()}.jsonl`));
      else renameSync(this.path, `${this.path}.previous`);
    }
  }

  /** Names the target in the file and undoes what is pending if the run is interrupted. */
  begin(session: TargetSession, manifestPath: string | undefined, writeError: (line: string) => void): void {
    this.session = session;
    recordRun(this.path, { baseUrl: session.target.baseUrl, ...(manifestPath ? { manifestPath } : {}) });
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const handler = () => {
        writeError(`banking-api-conformance: ${signal}: undoing what the run created (ledger ${this.path})…`);
        void this.finish(writeError).finally(() => process.exit(SIGNAL_EXIT[signal]));
      };
      this.handlers.set(signal, handler);
      process.once(signal, handler);
    }
  }

  /** Undoes whatever scenarios could not undo themselves; says so only when there was something. */
  async finish(say: (line: string) => void): Promise<UndoOutcome[]> {
    if (!this.session) return [];
    const outcomes = await undoPending(this.path, this.session.target.baseUrl, this.session.tokens.full(), this.session.gate);
    if (outcomes.length > 0) {
      const left = outcomes.filter((outcome) => !outcome.done);
      say(
        `Cleanup: ${outcomes.length - left.length} of ${outcomes.length} resources left by scenarios undone${left.length ? `; still live: ${left.map((outcome) => `${outcome.describe} (${outcome.detail})`).join(', ')}` : ''} (ledger ${this.path})`,
      );
    }
    return outcomes;
  }

  dispose(): void {
    for (const [signal, handler] of this.handlers) process.off(signal, handler);
    this.handlers.clear();
  }
}
