import type { StoredEvent } from '../core/eventPublisher.ts';
import type { EventStore } from './eventStore.ts';

// The events published too recently to be read, where the behaviour makes events readable
// only some time after they are published (4.4 says nothing of when). Kept by publish time
// on the real clock, so a frozen or moved emulator clock changes nothing; ids grow in
// creation order, so what cannot be read yet is everything from the oldest such id on.

export class UnreadableEvents {
  private pending: Array<{ sequence: number; readableAt: number }> = [];

  constructor(
    events: EventStore,
    private readonly delayMs: number,
  ) {
    if (delayMs > 0)
      events.onPublish((event) => this.pending.push({ sequence: Number(event.id), readableAt: performance.now() + delayMs }));
  }

  /** The least id, as a number, that cannot be read yet; undefined when every stored event can. */
  firstSequence(): number | undefined {
    if (this.pending.length === 0) return undefined;
    const now = performance.now();
    this.pending = this.pending.filter((entry) => entry.readableAt > now);
    return this.pending.reduce<number | undefined>(
      (least, entry) => (least === undefined || entry.sequence < least ? entry.sequence : least),
      undefined,
    );
  }

  readable(event: StoredEvent): boolean {
    const first = this.firstSequence();
    return first === undefined || Number(event.id) < first;
  }
}
