import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { syncDirectory, writeFileAtomically } from './atomicFile.ts';
import type { LiveStore } from './liveStore.ts';
import { encodeState } from './stateCodec.ts';
import { readSavedStore, type SavedStore } from './stateFormat.ts';

// Named snapshots of the whole store, for a test suite to reset to between
// tests. Each is kept as its JSON text (a copy nothing can change), in memory
// and, with --state, as DIR/snapshots/<name>.json. The event store is not
// copied: a snapshot notes how many events it covers, and restoring cuts the
// store back to them. Events after that point are then gone, so a snapshot
// that covers more events than the one restored can no longer be restored: it
// is discarded, and the restore says so.

export const SNAPSHOT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const SNAPSHOT_FOLDER = 'snapshots';

export interface SnapshotSummary {
  name: string;
  savedAt: string;
  events: number;
}

interface Kept {
  text: string;
  summary: SnapshotSummary;
}

const summaryOf = (name: string, saved: SavedStore): SnapshotSummary => ({ name, savedAt: saved.savedAt, events: saved.events.count });

export class NamedSnapshots {
  private readonly kept = new Map<string, Kept>();
  private readonly folder: string | undefined;

  /** `stateDirectory`: also kept on disk, and those already there are read (a version it cannot read is refused). */
  constructor(
    private readonly store: LiveStore,
    stateDirectory?: string,
  ) {
    this.folder = stateDirectory === undefined ? undefined : join(stateDirectory, SNAPSHOT_FOLDER);
    if (!this.folder || !existsSync(this.folder)) return;
    for (const file of readdirSync(this.folder).filter((entry) => entry.endsWith('.json'))) {
      const text = readFileSync(join(this.folder, file), 'utf8');
      const name = file.slice(0, -'.json'.length);
      this.kept.set(name, { text, summary: summaryOf(name, readSavedStore(text, join(this.folder, file))) });
    }
  }

  list(): SnapshotSummary[] {
    return [...this.kept.values()].map((kept) => kept.summary);
  }

  save(name: string): SnapshotSummary {
    const saved = this.store.capture();
    const text = encodeState(saved);
    if (this.folder) {
      mkdirSync(this.folder, { recursive: true });
      writeFileAtomically(this.fileOf(name), text);
    }
    const summary = summaryOf(name, saved);
    this.kept.set(name, { text, summary });
    return summary;
  }

  /** undefined: no snapshot of that name. */
  restore(name: string): { restored: SnapshotSummary; discarded: string[] } | undefined {
    const kept = this.kept.get(name);
    if (!kept) return undefined;
    const saved = readSavedStore(kept.text, this.folder ? this.fileOf(name) : `snapshot ${name}`);
    const discarded = [...this.kept.values()]
      .filter((other) => other.summary.events > saved.events.count)
      .map((other) => other.summary.name);
    for (const other of discarded) this.discard(other);
    if (discarded.length > 0 && this.folder) syncDirectory(this.folder);
    this.store.restore(saved, `snapshot ${name}`);
    return { restored: kept.summary, discarded };
  }

  private discard(name: string): void {
    this.kept.delete(name);
    if (this.folder) rmSync(this.fileOf(name), { force: true });
  }

  private fileOf(name: string): string {
    return join(this.folder!, `${name}.json`);
  }
}
