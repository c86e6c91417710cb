// What a scenario created, to be undone when it ends — pass, fail or crash —
// so a shared sandbox is left as it was found.

export interface CleanupFailure {
  label: string;
  error: string;
}

export class CleanupLedger {
  private readonly entries: Array<{ label: string; undo: () => Promise<unknown> }> = [];

  add(label: string, undo: () => Promise<unknown>): void {
    this.entries.push({ label, undo });
  }

  /** Undo everything, newest first; failures are collected, never thrown. */
  async run(): Promise<CleanupFailure[]> {
    const failures: CleanupFailure[] = [];
    while (this.entries.length > 0) {
      const entry = this.entries.pop();
      if (!entry) break;
      try {
        await entry.undo();
      } catch (error) {
        failures.push({ label: entry.label, error: (error as Error).message });
      }
    }
    return failures;
  }
}
