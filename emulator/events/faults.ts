import type { SeededFault } from '../faults/seededFault.ts';

// Deliberate deviations of event retrieval and resend.
export const eventsFaults = [
  { name: 'old-events-returned', description: 'events older than 90 days are still listed, fetched and resent', breaks: ['EV-RETENTION-GET', 'EV-RETENTION-LIST', 'EV-RETENTION-RESEND'] },
  { name: 'resend-changes-event-id', description: 'resending an event delivers a copy with a new id', breaks: ['EV-RESEND', 'DL-EVENT-ID-STABLE'] },
  { name: 'event-list-type-filter-ignored', description: 'the event list ignores filter[type][]', breaks: ['EV-LIST-FILTER-TYPE'] },
  { name: 'event-list-until-ignored', description: 'the event list ignores filter[until]', breaks: ['EV-LIST-FILTER-UNTIL'] },
  { name: 'event-list-offset-ignored', description: 'the event list ignores page[offset]', breaks: ['EV-LIST-PAGING'] },
  { name: 'injected-events-missing-created-at', description: 'events are rendered without attributes.createdAt', breaks: ['EV-RESOURCE-SHAPE'] },
  { name: 'event-list-needs-write-scope', description: 'GET /events requires scope events-write instead of events', breaks: ['AU-SCOPE-SUFFICIENT'] },
  { name: 'injected-events-drop-first-attribute', description: 'generated events lack the first attribute the catalogue lists for their type', breaks: ['EV-CATALOGUE-ACCOUNTS', 'EV-CATALOGUE-CARD-AUTHORIZATIONS', 'EV-CATALOGUE-CHECK-PAYMENTS'] },
] as const satisfies readonly SeededFault[];
