import type { EventInput, EventPublisher, RelationshipRef, StoredEvent } from '../core/eventPublisher.ts';
import type { IdSequence } from '../core/idSequence.ts';
import type { VirtualClock } from '../core/virtualClock.ts';

// Every event the emulator emits (2.7, 4.4, 6.2), sized for a million events and
// thousands per second. Ids are numeric and assigned in creation order, and
// createdAt never decreases, so each array below is sorted by both: a time range
// is two binary searches and a page is a slice, never a scan of every event.

export interface EventQuery {
  /** Restrict to these types (filter[type][]); empty means every type. */
  types: readonly string[];
  /** Exclusive bounds in emulator-clock ms (filter[since], filter[until]). */
  since?: number;
  until?: number;
  /** Inclusive lower bound: the retention window (90 days). */
  notBefore?: number;
  offset: number;
  limit: number;
}

export interface EventPage {
  events: StoredEvent[];
  /** Number of events matching the query, for meta.pagination. */
  total: number;
}

interface Range {
  events: readonly StoredEvent[];
  /** Half-open [lo, hi) in ascending order; listing walks it from hi - 1 down. */
  lo: number;
  hi: number;
}

/** First index whose createdAt is >= bound (or > bound when strict). */
function lowerBound(events: readonly StoredEvent[], bound: number, strict: boolean): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = events[mid]!.createdAt;
    if (at < bound || (strict && at === bound)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const sequenceOf = (event: StoredEvent): number => Number(event.id);

/**
 * A stored event. Its `included` resources (read only when a webhook asks for
 * them, 6.1 rule 3, or an event is resent) are most of its objects, so they are
 * kept as JSON text and parsed on each read: under 1 KiB per event at a million.
 */
class StoredEventRecord implements StoredEvent {
  readonly #included: string | undefined;

  constructor(
    readonly id: string,
    readonly type: string,
    readonly createdAt: number,
    readonly attributes: Record<string, unknown>,
    readonly relationships: Record<string, RelationshipRef>,
    included: readonly unknown[] | undefined,
  ) {
    this.#included = included && included.length > 0 ? JSON.stringify(included) : undefined;
  }

  /** A fresh copy on each read. */
  get included(): unknown[] {
    return this.#included === undefined ? [] : (JSON.parse(this.#included) as unknown[]);
  }
}

export class EventStore implements EventPublisher {
  private readonly ordered: StoredEvent[] = [];
  private readonly byType = new Map<string, StoredEvent[]>();
  private readonly listeners: Array<(event: StoredEvent) => void> = [];
  private readonly inputShapers: Array<(input: EventInput) => EventInput> = [];
  private lastCreatedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly clock: VirtualClock,
    private readonly ids: IdSequence,
  ) {}

  /** Rewrites every event before it is stored (tolerated variations of the event payloads). */
  shapeEachInput(shaper: (input: EventInput) => EventInput): void {
    this.inputShapers.push(shaper);
  }

  publish(published: EventInput): StoredEvent {
    const input = this.inputShapers.reduce((current, shape) => shape(current), published);
    // The virtual clock follows the wall clock, which may step back; stored order must not.
    const event = this.store(input, Math.max(this.clock.now(), this.lastCreatedAt));
    for (const listener of this.listeners) listener(event);
    return event;
  }

  /**
   * An event from before the emulator started (a lived-in store): stored with its
   * past createdAt and never delivered. Only in creation order, before any publish.
   */
  backfill(input: EventInput, createdAt: number): StoredEvent {
    if (createdAt < this.lastCreatedAt || createdAt > this.clock.now()) {
      throw new RangeError('backfilled events come in creation order, before any published event and never from the future');
    }
    return this.store(input, createdAt);
  }

  private store(input: EventInput, createdAt: number): StoredEvent {
    this.lastCreatedAt = createdAt;
    const event = new StoredEventRecord(this.ids.next('event'), input.type, createdAt, input.attributes ?? {}, input.relationships ?? {}, input.included);
    this.ordered.push(event);
    let ofType = this.byType.get(event.type);
    if (!ofType) this.byType.set(event.type, (ofType = []));
    ofType.push(event);
    return event;
  }

  /** Ids are assigned in creation order, so `ordered` is sorted by them: a binary search, no index to keep. */
  get(id: string): StoredEvent | undefined {
    const sequence = Number(id);
    if (!Number.isSafeInteger(sequence)) return undefined;
    let lo = 0;
    let hi = this.ordered.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sequenceOf(this.ordered[mid]!) < sequence) lo = mid + 1;
      else hi = mid;
    }
    const event = this.ordered[lo];
    return event?.id === id ? event : undefined;
  }

  all(): readonly StoredEvent[] {
    return this.ordered;
  }

  size(): number {
    return this.ordered.length;
  }

  onPublish(listener: (event: StoredEvent) => void): void {
    this.listeners.push(listener);
  }

  /** Newest first. */
  list(query: EventQuery): EventPage {
    const sources = query.types.length === 0 ? [this.ordered] : [...new Set(query.types)].map((type) => this.byType.get(type) ?? []);
    const ranges = sources.map((events) => this.range(events, query)).filter((range) => range.hi > range.lo);
    const total = ranges.reduce((sum, range) => sum + (range.hi - range.lo), 0);
    return { events: ranges.length === 1 ? this.slice(ranges[0]!, query) : this.merge(ranges, query), total };
  }

  private range(events: readonly StoredEvent[], query: EventQuery): Range {
    let lo = 0;
    if (query.notBefore !== undefined) lo = Math.max(lo, lowerBound(events, query.notBefore, false));
    if (query.since !== undefined) lo = Math.max(lo, lowerBound(events, query.since, true));
    const hi = query.until === undefined ? events.length : lowerBound(events, query.until, false);
    return { events, lo, hi };
  }

  private slice(range: Range, query: EventQuery): StoredEvent[] {
    const start = range.hi - query.offset;
    const end = Math.max(range.lo, start - query.limit);
    const page: StoredEvent[] = [];
    for (let index = start - 1; index >= end; index -= 1) page.push(range.events[index]!);
    return page;
  }

  /** Several types: walk the per-type ranges newest first, as a k-way merge on the id. */
  private merge(ranges: Range[], query: EventQuery): StoredEvent[] {
    const heads = ranges.map((range) => range.hi - 1);
    const page: StoredEvent[] = [];
    let skipped = 0;
    while (page.length < query.limit) {
      let best = -1;
      for (let r = 0; r < ranges.length; r += 1) {
        if (heads[r]! < ranges[r]!.lo) continue;
        if (best === -1 || sequenceOf(ranges[r]!.events[heads[r]!]!) > sequenceOf(ranges[best]!.events[heads[best]!]!)) best = r;
      }
      if (best === -1) break;
      const event = ranges[best]!.events[heads[best]!]!;
      heads[best]! -= 1;
      if (skipped < query.offset) skipped += 1;
      else page.push(event);
    }
    return page;
  }
}
