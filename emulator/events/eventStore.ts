import { type EventInput, type EventPublisher, type RelationshipRef, resourceKey, type StoredEvent } from '../core/eventPublisher.ts';
import type { IdSequence } from '../core/idSequence.ts';
import type { VirtualClock } from '../core/virtualClock.ts';
import { isoTimestamp } from '../core/isoTimestamp.ts';
import { renderEventJson } from './eventRendering.ts';
import { standInResources } from './standInResources.ts';
import { NumberColumn, TextArena } from './textArena.ts';

// Every event the emulator emits (2.7, 4.4, 6.2), sized for a million events and
// thousands per second. Ids are numeric and assigned in creation order, and
// createdAt never decreases, so the store's positions are sorted by both: a time
// range is two binary searches and a page is read from its end, never a scan or
// a copy of every event. An event is kept as columns (id, time, type) and its
// rendered JSON text in a shared arena, with no object of its own until it is
// read: under 1 KiB per event at a million.

export interface EventQuery {
  /** Restrict to these types (filter[type][]); empty means every type. */
  types: readonly string[];
  /** Exclusive bounds in emulator-clock ms (filter[since], filter[until]). */
  since?: number;
  until?: number;
  /** Inclusive lower bound: the retention window (90 days). */
  notBefore?: number;
  /** Only events whose id, as a number, is below this: those published since cannot be read yet. */
  idsBelow?: number;
  offset: number;
  limit: number;
}

export interface EventPage {
  events: StoredEvent[];
  /** Number of events matching the query, for meta.pagination. */
  total: number;
}

/** One stored event as a saved state keeps it (emulator/persistence): enough to store it again exactly as it was. */
export interface EventRecord {
  id: number;
  type: string;
  createdAt: number;
  /** The published attributes carried a createdAt of their own. */
  ownCreatedAt?: true;
  /** The event's rendered JSON text. */
  json: string;
  /** The included resources' JSON text, when it has any of its own. */
  included?: string;
  /** The included resources are made from the relationships when read. */
  standIns?: true;
}

/** Store positions, ascending: all of them, or those of one type. */
interface Positions {
  length: number;
  at(index: number): number;
}

interface Range {
  positions: Positions;
  /** Half-open [lo, hi) in ascending order; listing walks it from hi - 1 down. */
  lo: number;
  hi: number;
}

const NO_INCLUDED = 0xffff_ffff;
/** The related resources are made from the relationships when read (EventInput.relatedFromRelationships). */
const STAND_INS = 0xffff_fffe;

/**
 * A stored event as read: its texts are decoded only when asked for (a delivery
 * takes the bytes, most readers never need the included resources), and its
 * members are parsed from the text on each read, a fresh copy every time (few
 * readers need them: a resend, the included resources of a delivery, a
 * tolerated variation).
 */
class StoredEventView implements StoredEvent {
  private text: string | undefined;

  constructor(
    readonly id: string,
    readonly type: string,
    readonly createdAt: number,
    private readonly texts: { event: TextArena; included: TextArena },
    /** Index of the event's text, and of its included resources' (NO_INCLUDED: none). */
    private readonly at: { position: number; included: number },
    /** Whether the published attributes carried a createdAt of their own (rendering puts one first either way). */
    private readonly ownCreatedAt: boolean,
  ) {}

  get json(): string {
    this.text ??= this.texts.event.read(this.at.position);
    return this.text;
  }

  get jsonBytes(): Buffer {
    return this.texts.event.bytes(this.at.position);
  }

  get attributes(): Record<string, unknown> {
    const { attributes } = JSON.parse(this.json) as { attributes: Record<string, unknown> };
    if (!this.ownCreatedAt) delete attributes.createdAt;
    return attributes;
  }

  get relationships(): Record<string, RelationshipRef> {
    return (JSON.parse(this.json) as { relationships: Record<string, RelationshipRef> }).relationships;
  }

  get included(): unknown[] {
    if (this.at.included === STAND_INS) return standInResources(this.relationships, isoTimestamp(this.createdAt));
    return this.at.included === NO_INCLUDED ? [] : (JSON.parse(this.texts.included.read(this.at.included)) as unknown[]);
  }
}

/** Every position, 0 … size - 1. */
const everyPosition = (store: { size(): number }): Positions => ({
  get length() {
    return store.size();
  },
  at: (index) => index,
});

/** Positions of the events of one type, ascending. */
class TypePositions extends NumberColumn {
  constructor() {
    super(Uint32Array);
  }
}

export class EventStore implements EventPublisher {
  private readonly sequences = new NumberColumn();
  private readonly times = new NumberColumn();
  /** Type code × 2, + 1 when the attributes carried their own createdAt. */
  private readonly typeCodes = new NumberColumn(Uint32Array);
  private readonly includedIndexes = new NumberColumn(Uint32Array);
  private readonly texts = new TextArena();
  private readonly includedTexts = new TextArena();
  private readonly arenas = { event: this.texts, included: this.includedTexts };
  private readonly typeNames: string[] = [];
  private readonly typeCodeOf = new Map<string, number>();
  private readonly byType = new Map<string, TypePositions>();
  private readonly every = everyPosition(this);
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
    const event = this.store(input, Math.max(this.clock.stamp(), this.lastCreatedAt));
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
    const id = this.ids.next('event');
    const attributes = input.attributes ?? {};
    const json = renderEventJson({ id, type: input.type, createdAt, attributes, relationships: input.relationships ?? {} });
    const included = this.includedOf(input, createdAt);
    const includedJson = included && included.length > 0 ? JSON.stringify(included) : undefined;
    const ownCreatedAt = Object.hasOwn(attributes, 'createdAt');
    const position = this.texts.append(json);
    this.sequences.push(Number(id));
    this.times.push(createdAt);
    this.typeCodes.push(this.typeCodeFor(input.type) * 2 + (ownCreatedAt ? 1 : 0));
    this.includedIndexes.push(
      included === undefined ? STAND_INS : includedJson === undefined ? NO_INCLUDED : this.includedTexts.append(includedJson),
    );
    let ofType = this.byType.get(input.type);
    if (!ofType) this.byType.set(input.type, (ofType = new TypePositions()));
    ofType.push(position);
    return this.read(position);
  }

  /** undefined: stand-ins made when read. A shaper that added resources to a generated event gets them kept after the stand-ins. */
  private includedOf(input: EventInput, createdAt: number): unknown[] | undefined {
    if (!input.relatedFromRelationships) return input.included ?? [];
    if (!input.included) return undefined;
    const given = new Set(input.included.map((resource) => resourceKey(resource)));
    const standIns = standInResources(input.relationships ?? {}, isoTimestamp(createdAt)).filter(
      (resource) => !given.has(resourceKey(resource)),
    );
    return [...standIns, ...input.included];
  }

  private typeCodeFor(type: string): number {
    let code = this.typeCodeOf.get(type);
    if (code === undefined) {
      code = this.typeNames.push(type) - 1;
      this.typeCodeOf.set(type, code);
    }
    return code;
  }

  private read(position: number): StoredEvent {
    const code = this.typeCodes.at(position);
    return new StoredEventView(
      String(this.sequences.at(position)),
      this.typeNames[code >>> 1]!,
      this.times.at(position),
      this.arenas,
      { position, included: this.includedIndexes.at(position) },
      (code & 1) === 1,
    );
  }

  /**
   * Ids are assigned in creation order, so positions are sorted by them: a binary search, no index to keep.
   * They are mostly consecutive (a delivery reads a run of them), so where the id would be then is tried first.
   */
  get(id: string): StoredEvent | undefined {
    const sequence = Number(id);
    if (!Number.isSafeInteger(sequence) || String(sequence) !== id) return undefined;
    const guess = this.size() === 0 ? -1 : sequence - this.sequences.at(0);
    if (guess >= 0 && guess < this.size() && this.sequences.at(guess) === sequence) return this.read(guess);
    let lo = 0;
    let hi = this.size();
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sequences.at(mid) < sequence) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.size() && this.sequences.at(lo) === sequence ? this.read(lo) : undefined;
  }

  size(): number {
    return this.sequences.length;
  }

  /** The events at positions from … to - 1, as records to store again with importRecords. */
  exportRecords(from: number, to: number): EventRecord[] {
    const records: EventRecord[] = [];
    for (let position = from; position < Math.min(to, this.size()); position += 1) {
      const code = this.typeCodes.at(position);
      const included = this.includedIndexes.at(position);
      records.push({
        id: this.sequences.at(position),
        type: this.typeNames[code >>> 1]!,
        createdAt: this.times.at(position),
        ...((code & 1) === 1 ? { ownCreatedAt: true as const } : {}),
        json: this.texts.read(position),
        ...(included === STAND_INS ? { standIns: true as const } : {}),
        ...(included < STAND_INS ? { included: this.includedTexts.read(included) } : {}),
      });
    }
    return records;
  }

  /** Stores saved events after the ones held, as they were (no listener hears of them: they are not new). */
  importRecords(records: readonly EventRecord[]): void {
    for (const record of records) {
      if (this.size() > 0 && record.id <= this.sequences.at(this.size() - 1)) throw new RangeError(`event ${record.id} is out of order`);
      const position = this.texts.append(record.json);
      this.sequences.push(record.id);
      this.times.push(record.createdAt);
      this.typeCodes.push(this.typeCodeFor(record.type) * 2 + (record.ownCreatedAt ? 1 : 0));
      this.includedIndexes.push(
        record.standIns ? STAND_INS : record.included === undefined ? NO_INCLUDED : this.includedTexts.append(record.included),
      );
      let ofType = this.byType.get(record.type);
      if (!ofType) this.byType.set(record.type, (ofType = new TypePositions()));
      ofType.push(position);
      this.lastCreatedAt = Math.max(this.lastCreatedAt, record.createdAt);
    }
  }

  /** Keeps the first `count` events (a snapshot's restore): the store is append-only, so an earlier state is a prefix of it. */
  truncate(count: number): void {
    if (count >= this.size()) return;
    let includedKept = 0;
    for (let position = count - 1; position >= 0; position -= 1) {
      const included = this.includedIndexes.at(position);
      if (included < STAND_INS) {
        includedKept = included + 1;
        break;
      }
    }
    for (const column of [this.sequences, this.times, this.typeCodes, this.includedIndexes]) column.truncate(count);
    this.texts.truncate(count);
    this.includedTexts.truncate(includedKept);
    for (const positions of this.byType.values()) {
      let kept = positions.length;
      while (kept > 0 && positions.at(kept - 1) >= count) kept -= 1;
      positions.truncate(kept);
    }
    this.lastCreatedAt = count === 0 ? Number.NEGATIVE_INFINITY : this.times.at(count - 1);
  }

  /** The last event stored, if any. */
  newest(): StoredEvent | undefined {
    return this.size() === 0 ? undefined : this.read(this.size() - 1);
  }

  onPublish(listener: (event: StoredEvent) => void): void {
    this.listeners.push(listener);
  }

  /** Newest first. */
  list(query: EventQuery): EventPage {
    const sources =
      query.types.length === 0 ? [this.every] : [...new Set(query.types)].map((type) => this.byType.get(type) ?? new TypePositions());
    const ranges = sources.map((positions) => this.range(positions, query)).filter((range) => range.hi > range.lo);
    const total = ranges.reduce((sum, range) => sum + (range.hi - range.lo), 0);
    const page = ranges.length === 1 ? this.slice(ranges[0]!, query) : this.merge(ranges, query);
    return { events: page.map((position) => this.read(position)), total };
  }

  /** First index of `positions` whose id sequence is >= `sequence` (positions are sorted by it too). */
  private firstWithSequence(positions: Positions, sequence: number): number {
    let lo = 0;
    let hi = positions.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sequences.at(positions.at(mid)) < sequence) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First index of `positions` whose createdAt is >= bound (or > bound when strict). */
  private lowerBound(positions: Positions, bound: number, strict: boolean): number {
    let lo = 0;
    let hi = positions.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.times.at(positions.at(mid));
      if (at < bound || (strict && at === bound)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private range(positions: Positions, query: EventQuery): Range {
    let lo = 0;
    if (query.notBefore !== undefined) lo = Math.max(lo, this.lowerBound(positions, query.notBefore, false));
    if (query.since !== undefined) lo = Math.max(lo, this.lowerBound(positions, query.since, true));
    let hi = query.until === undefined ? positions.length : this.lowerBound(positions, query.until, false);
    if (query.idsBelow !== undefined) hi = Math.min(hi, this.firstWithSequence(positions, query.idsBelow));
    return { positions, lo, hi };
  }

  private slice(range: Range, query: EventQuery): number[] {
    const start = range.hi - query.offset;
    const end = Math.max(range.lo, start - query.limit);
    const page: number[] = [];
    for (let index = start - 1; index >= end; index -= 1) page.push(range.positions.at(index));
    return page;
  }

  /** Several types: walk the per-type ranges newest first, as a k-way merge on the position (creation order). */
  private merge(ranges: Range[], query: EventQuery): number[] {
    const heads = ranges.map((range) => range.hi - 1);
    const page: number[] = [];
    let skipped = 0;
    while (page.length < query.limit) {
      let best = -1;
      for (let r = 0; r < ranges.length; r += 1) {
        if (heads[r]! < ranges[r]!.lo) continue;
        if (best === -1 || ranges[r]!.positions.at(heads[r]!) > ranges[best]!.positions.at(heads[best]!)) best = r;
      }
      if (best === -1) break;
      const position = ranges[best]!.positions.at(heads[best]!);
      heads[best]! -= 1;
      if (skipped < query.offset) skipped += 1;
      else page.push(position);
    }
    return page;
  }
}
