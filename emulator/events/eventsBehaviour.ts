import type { StoredEvent } from '../core/eventPublisher.ts';
import { MAX_PAGE_LIMIT } from '../core/listQuery.ts';
import type { Scope } from '../core/scopes.ts';
import type { DeliveryEngine } from '../delivery/deliveryEngine.ts';
import type { RandomInt } from '../realism/seededRandom.ts';
import type { EventPage, EventQuery, EventStore } from './eventStore.ts';
import type { EventTypeEntry } from './eventTypeCatalogue.ts';

// The points of event retrieval, resend (4.4, 6.2) and the events the emulator
// generates where an implementation could go wrong, as the documents want them;
// a seeded fault (faults.ts) wraps one.

/** Section 4.4 / 6.2: events can be fetched, listed and resent for 90 days. */
export const RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

export interface EventsBehaviour {
  /** 4.4 / 6.2 / 8: the oldest createdAt still fetched, listed and resent (undefined: every event is). */
  readonly retentionStart: (nowMs: number) => number | undefined;
  /** 4.4 says nothing of when an event can be read: how long after it is published it is fetched and listed (real time). */
  readonly readableAfterMs: number;
  /** 5.1: the scope that reads the event list. */
  readonly listScope: Scope;
  /** 4.4 / 8: the list's page[limit] is at most 1000. */
  readonly listPageMax: number;
  /** 4.4: the list runs the query as asked (filter[type][], filter[until], page[offset]). */
  readonly listQuery: (query: EventQuery) => EventQuery;
  /** 4.4 does not show the list's order: the emulator's is newest first. */
  readonly listPage: (events: EventStore, query: EventQuery) => EventPage;
  /** 2.7 / 4.4: an event is answered as it was stored, createdAt and all. */
  readonly eventJson: (event: StoredEvent) => string;
  /** 4.4 / 6.1: a resend delivers the event again, under its own id. */
  readonly resend: (event: StoredEvent, events: EventStore, delivery: DeliveryEngine) => void;
  /** 4.4 does not show a resend's answer: the emulator's is 200 with the event. */
  readonly resendStatus: number;
  /** 4.4: a resend of an id that does not exist delivers nothing. */
  readonly resendOfUnknown: (events: EventStore, delivery: DeliveryEngine) => void;
  /** Event Catalog: a generated event carries every attribute its type lists, each of the listed type. */
  readonly generatedAttributes: (
    attributes: Record<string, unknown>,
    entry: EventTypeEntry,
    randomInt: RandomInt,
  ) => Record<string, unknown>;
}

export const correctEvents: EventsBehaviour = {
  retentionStart: (nowMs) => nowMs - RETENTION_MS,
  readableAfterMs: 0,
  listScope: 'events',
  listPageMax: MAX_PAGE_LIMIT,
  listQuery: (query) => query,
  listPage: (events, query) => events.list(query),
  eventJson: (event) => event.json,
  resend: (event, _events, delivery) => delivery.dispatch(event),
  resendStatus: 200,
  resendOfUnknown: () => {},
  generatedAttributes: (attributes) => attributes,
};
