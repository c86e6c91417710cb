import type { EventInput, EventPublisher, StoredEvent } from '../core/eventPublisher.ts';
import type { IdSequence } from '../core/idSequence.ts';
import type { VirtualClock } from '../core/virtualClock.ts';

// Every event the emulator emits, kept in creation order (section 2.7, 6.2).
export class EventStore implements EventPublisher {
  private readonly byId = new Map<string, StoredEvent>();
  private readonly ordered: StoredEvent[] = [];
  private readonly listeners: Array<(event: StoredEvent) => void> = [];

  constructor(
    private readonly clock: VirtualClock,
    private readonly ids: IdSequence,
  ) {}

  publish(input: EventInput): StoredEvent {
    const event: StoredEvent = {
      id: this.ids.next('event'),
      type: input.type,
      createdAt: this.clock.now(),
      attributes: input.attributes ?? {},
      relationships: input.relationships ?? {},
      included: input.included ?? [],
    };
    this.byId.set(event.id, event);
    this.ordered.push(event);
    for (const listener of this.listeners) listener(event);
    return event;
  }

  get(id: string): StoredEvent | undefined {
    return this.byId.get(id);
  }

  all(): readonly StoredEvent[] {
    return this.ordered;
  }

  onPublish(listener: (event: StoredEvent) => void): void {
    this.listeners.push(listener);
  }
}
