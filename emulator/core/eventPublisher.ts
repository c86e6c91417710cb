// The seam between operations that cause events and the event store / delivery
// engine (emulator/events). Operations only publish; storage, retrieval and
// delivery are the events area's job.

export interface RelationshipRef {
  data: { type: string; id: string };
}

export interface EventInput {
  type: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, RelationshipRef>;
  /** Full related resources, delivered as JSON:API `included` when a webhook asks for them (6.1 rule 3). */
  included?: unknown[];
  /**
   * Without `included`: the related resources are made from the relationships when read (a generated
   * event's stand-ins, see events/eventGenerator.ts), so a million stored events do not each keep them as text.
   */
  relatedFromRelationships?: true;
}

/** A related resource's type and id as one key: what tells two of them apart in `included` (JSON:API). */
export function resourceKey(resource: unknown): string {
  const { type, id } = (resource ?? {}) as { type?: unknown; id?: unknown };
  return `${String(type)}\u0000${String(id)}`;
}

export interface StoredEvent {
  id: string;
  type: string;
  /** Emulator-clock milliseconds. */
  createdAt: number;
  attributes: Record<string, unknown>;
  relationships: Record<string, RelationshipRef>;
  included: unknown[];
  /** The event as the API shows it (2.7, events/eventRendering.ts), as JSON text: rendered once, when stored. */
  readonly json: string;
  /** The same text as UTF-8 bytes, as the store holds them: what a delivery body is made of, with no text decoded and encoded again. */
  readonly jsonBytes: Buffer;
}

export interface EventPublisher {
  publish(input: EventInput): StoredEvent;
}

/** Reads a stored event back by id (what a delivery queue keeps is the id alone). */
export interface EventReader {
  get(id: string): StoredEvent | undefined;
}
