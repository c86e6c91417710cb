import type { SeededFault } from '../faults/seededFault.ts';

// Deliberate deviations of event retrieval, resend and the events the emulator generates.
export const eventsFaults = [
  {
    name: 'old-events-returned',
    description: 'events older than 90 days are still listed, fetched and resent',
    breaks: ['EV-RETENTION-GET', 'EV-RETENTION-LIST', 'EV-RETENTION-RESEND', 'EV-RETENTION-RESEND-4XX'],
  },
  {
    name: 'resend-changes-event-id',
    description: 'resending an event delivers a copy with a new id',
    breaks: ['EV-RESEND', 'DL-EVENT-ID-STABLE'],
  },
  {
    name: 'resend-unknown-delivers-latest',
    description: 'a resend of an event id that does not exist answers 404 but delivers the newest event again',
    breaks: ['EV-RESEND-UNKNOWN-NO-DELIVERY'],
  },
  { name: 'event-list-type-filter-ignored', description: 'the event list ignores filter[type][]', breaks: ['EV-LIST-FILTER-TYPE'] },
  { name: 'event-list-until-ignored', description: 'the event list ignores filter[until]', breaks: ['EV-LIST-FILTER-UNTIL'] },
  { name: 'event-list-offset-ignored', description: 'the event list ignores page[offset]', breaks: ['EV-LIST-PAGING'] },
  {
    name: 'event-list-limit-uncapped',
    description: 'the event list honours any page[limit], returning more than 1000 events when asked for 1001',
    breaks: ['EV-LIST-PAGE-MAX'],
  },
  {
    name: 'injected-events-missing-created-at',
    description: 'events are rendered without attributes.createdAt',
    breaks: ['EV-RESOURCE-SHAPE'],
  },
  {
    name: 'event-list-needs-write-scope',
    description: 'GET /events requires scope events-write instead of events',
    breaks: ['AU-SCOPE-SUFFICIENT'],
  },
  {
    name: 'injected-events-drop-first-attribute',
    description: 'generated events lack the first attribute the catalogue lists for their type (a listed member absent: a SHOULD)',
    breaks: ['EV-PAYLOAD-LISTED-MEMBERS'],
  },
  {
    name: 'injected-events-mistype-first-attribute',
    description:
      'generated events carry the first attribute the catalogue lists for their type with a value of the wrong type (a number for a string, a string for an amount)',
    breaks: ['EV-CATALOGUE-ACCOUNTS', 'EV-CATALOGUE-CARD-AUTHORIZATIONS', 'EV-CATALOGUE-CHECK-PAYMENTS'],
  },
] as const satisfies readonly SeededFault[];

export type EventsFault = (typeof eventsFaults)[number]['name'];
