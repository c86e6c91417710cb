// The stores of one emulator that hand their contents over as plain data and take
// them back: what `--state DIR` writes and a named snapshot keeps
// (emulator/persistence). Each store registers itself where it is made, so the
// persistence layer needs to know none of them. The event store is not a part:
// it is append-only and kept as a log of its own.

export interface StorePart {
  /** The store's contents as JSON-ready data (Buffers are kept as bytes by the codec). */
  exportState(): unknown;
  /** Replaces the store's contents with what exportState gave. */
  importState(saved: unknown): void;
}

export class StoreParts {
  private readonly parts = new Map<string, StorePart>();

  add(name: string, part: StorePart): void {
    if (this.parts.has(name)) throw new Error(`store part ${name} is registered twice`);
    this.parts.set(name, part);
  }

  /** In registration order: a part imported later may rely on one imported before (deliveries on webhooks). */
  entries(): IterableIterator<[string, StorePart]> {
    return this.parts.entries();
  }
}
