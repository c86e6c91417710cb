// A JSON import rather than a file read, so the image's bundle carries the catalogue.
import catalogueJson from '../../schemas/events/event-types.json' with { type: 'json' };

// The Event Catalog as data (schemas/events/event-types.json, written from the
// document): what attributes and relationships each event type carries. The
// emulator uses it to generate schema-valid events on request (event injection).

export type AttributeKind = string | { const: string | number };

export interface EventVariant {
  name: string;
  attributes: Record<string, AttributeKind>;
  relationships: Record<string, string[]>;
}

export interface EventTypeEntry {
  type: string;
  section: string;
  attributes: Record<string, AttributeKind>;
  optionalAttributes?: Record<string, AttributeKind>;
  /** Relationship name → allowed related types (empty: the catalogue names none). */
  relationships: Record<string, string[]>;
  /** Relationships only some events of the type carry (see contract/catalogue/schemaRegistry.ts). */
  optionalRelationships?: Record<string, string[]>;
  variants?: EventVariant[];
  alsoSpelled?: string[];
}

let loaded: Map<string, EventTypeEntry> | undefined;

/** Every catalogued type, keyed by each of its spellings. */
export function eventTypes(): ReadonlyMap<string, EventTypeEntry> {
  if (!loaded) {
    loaded = new Map();
    for (const entry of catalogueEntries()) {
      loaded.set(entry.type, entry);
      for (const spelling of entry.alsoSpelled ?? []) loaded.set(spelling, entry);
    }
  }
  return loaded;
}

/** Each catalogued type once, under its own spelling, in the catalogue's order: what counts as "the types the Event Catalog lists". */
export function catalogueEntries(): readonly EventTypeEntry[] {
  return catalogueJson as EventTypeEntry[];
}
