import { recordCreated, recordUndone, type UndoAction } from '../targetIO/cleanupLedgerFile.ts';
import { UNDO_AT_ONCE } from '../targetIO/ledgerUndo.ts';

// What a scenario created, to be undone when it ends — pass, fail or crash —
// so a shared sandbox is left as it was found. Resources on the target (rules,
// webhooks) are also described as an UndoAction and written to the run's
// ledger file as they are created (cleanupLedgerFile.ts), so a killed run can
// be finished by `banking-api-conformance cleanup`.

export interface CleanupFailure {
  label: string;
  error: string;
}

interface Entry {
  label: string;
  undo: () => Promise<unknown>;
  action?: UndoAction;
}

export class CleanupLedger {
  private readonly entries: Entry[] = [];

  /** `file`: the run's ledger file, when there is one; `scenario` names the creator in it. */
  constructor(
    private readonly file?: string,
    private readonly scenario?: string,
  ) {}

  /** In-process undo only: for state the run changes, not resources it leaves on the target. */
  add(label: string, undo: () => Promise<unknown>): void {
    this.entries.push({ label, undo });
  }

  /** A resource created on the target: undone at the end, and in the ledger file until it is. */
  record(
    action: UndoAction,
    undo: () => Promise<unknown>,
    label = `${action.kind === 'rule' ? 'cancel rule' : 'disable webhook'} ${action.id}`,
  ): void {
    if (this.file) recordCreated(this.file, action, this.scenario);
    this.entries.push({ label, undo, action });
  }

  /** Only the ledger file: for resources undone together by one `add` (many rules cancelled in parallel). */
  note(action: UndoAction): void {
    if (this.file) recordCreated(this.file, action, this.scenario);
  }

  /** Only the ledger file: a noted resource was undone. */
  noteUndone(action: UndoAction): void {
    if (this.file) recordUndone(this.file, action);
  }

  /**
   * Undo everything, newest first; failures are collected, never thrown. Resources
   * next to each other are undone a few at a time (cancelling one rule never depends
   * on another); every other undo waits for all before it.
   */
  async run(): Promise<CleanupFailure[]> {
    const failures: CleanupFailure[] = [];
    const undo = async (entry: Entry) => {
      try {
        await entry.undo();
        if (entry.action && this.file) recordUndone(this.file, entry.action);
      } catch (error) {
        failures.push({ label: entry.label, error: (error as Error).message });
      }
    };
    while (this.entries.length > 0) {
      const group = [this.entries.pop()!];
      while (group[0]!.action && group.length < UNDO_AT_ONCE && this.entries.at(-1)?.action) group.push(this.entries.pop()!);
      await Promise.all(group.map(undo));
    }
    return failures;
  }
}
