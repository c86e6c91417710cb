import type { StoreParts } from '../core/storeParts.ts';
import type { EventStore } from '../events/eventStore.ts';
import { FORMAT_VERSION, type SavedStore, StateRefused } from './stateFormat.ts';

// The store of a running emulator as one thing to save and restore: the parts
// the stores registered (core/storeParts.ts) and the event store, which is
// append-only, so an earlier state of it is a prefix: saving notes its length,
// restoring cuts it back.

/** Where a saved state goes on disk, when it does (persistence/stateDirectory.ts). */
export interface Durable {
  /** Writes the store as it is now; answers where the event log ends. */
  commit(): number;
  /** The events were cut back to a saved store's: the log follows. */
  rewind(saved: SavedStore): void;
}

export class LiveStore {
  private durable: Durable | undefined;

  constructor(
    private readonly parts: StoreParts,
    readonly events: EventStore,
  ) {}

  keepOn(durable: Durable): void {
    this.durable = durable;
  }

  /** The store now, as plain data (written to disk first when it is kept there, so the log covers every event). */
  capture(): SavedStore {
    const bytes = this.durable?.commit() ?? 0;
    return this.captureWithLog(bytes);
  }

  captureWithLog(bytes: number): SavedStore {
    const parts: Record<string, unknown> = {};
    for (const [name, part] of this.parts.entries()) parts[name] = part.exportState();
    return { formatVersion: FORMAT_VERSION, savedAt: new Date().toISOString(), parts, events: { count: this.events.size(), bytes } };
  }

  /** Puts the store back as saved; refused whole, before anything changes, when a part is missing or the events are gone. */
  restore(saved: SavedStore, file: string): void {
    const missing = [...this.parts.entries()].map(([name]) => name).filter((name) => !(name in saved.parts));
    if (missing.length > 0) throw new StateRefused(`${file} lacks the saved ${missing.join(', ')}; nothing was read`);
    if (saved.events.count > this.events.size())
      throw new StateRefused(`${file} covers ${saved.events.count} events but ${this.events.size()} are held; nothing was read`);
    this.events.truncate(saved.events.count);
    for (const [name, part] of this.parts.entries()) part.importState(saved.parts[name]);
    this.durable?.rewind(saved);
  }
}
