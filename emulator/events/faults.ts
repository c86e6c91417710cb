import type { EdgeFault } from '../faults/edgeFault.ts';
import type { RandomInt } from '../realism/seededRandom.ts';
import type { RenderedEvent } from './eventRendering.ts';
import type { EventsBehaviour } from './eventsBehaviour.ts';
import type { AttributeKind } from './eventTypeCatalogue.ts';

// Deliberate deviations of event retrieval, resend and the events the emulator
// generates, each wrapping the one point of the behaviour it gets wrong.

/** A value of the wrong JSON type for a kind; undefined for kinds the catalogue leaves untyped. */
function wrongValueOf(kind: AttributeKind, randomInt: RandomInt): unknown {
  if (typeof kind === 'object') return `not ${kind.const}`;
  switch (kind) {
    case 'any':
      return undefined;
    case 'string':
      return 42;
    case 'boolean':
      return 'yes';
    case 'integer':
    case 'cents':
    case 'number':
      return String(1 + randomInt(500_000));
    default:
      // timestamps, dates, tags and the structured kinds: a number is none of them.
      return 20_260_102;
  }
}

/** Another value of the same JSON type as a stated one: 1 for a stated 0, another word for a stated word. */
const otherThanStated = (stated: string | number): string | number => (typeof stated === 'number' ? stated + 1 : `Not${stated}`);

export const eventsFaults = [
  {
    name: 'old-events-returned',
    description: 'events older than 90 days are still listed, fetched and resent',
    breaks: ['EV-RETENTION-GET', 'EV-RETENTION-LIST', 'EV-RETENTION-RESEND', 'EV-RETENTION-RESEND-4XX'],
    wrap: (behaviour) => ({ ...behaviour, retentionStart: () => undefined }),
  },
  {
    name: 'resend-changes-event-id',
    description: 'resending an event delivers a copy with a new id',
    breaks: ['EV-RESEND', 'DL-EVENT-ID-STABLE'],
    wrap: (behaviour) => ({
      ...behaviour,
      resend: (event, events) => {
        events.publish({ type: event.type, attributes: event.attributes, relationships: event.relationships, included: event.included });
      },
    }),
  },
  {
    name: 'resend-answers-500',
    description: 'a resend sends the event again but answers 500, as a handler failing after it queued the copy',
    breaks: ['EV-RESEND-STATUS'],
    wrap: (behaviour) => ({ ...behaviour, resendStatus: 500 }),
  },
  {
    name: 'resend-unknown-delivers-latest',
    description: 'a resend of an event id that does not exist answers 404 but delivers the newest event again',
    breaks: ['EV-RESEND-UNKNOWN-NO-DELIVERY'],
    wrap: (behaviour) => ({
      ...behaviour,
      resendOfUnknown: (events, delivery) => {
        behaviour.resendOfUnknown(events, delivery);
        const newest = events.newest();
        if (newest) delivery.dispatch(newest);
      },
    }),
  },
  {
    name: 'event-list-type-filter-ignored',
    description: 'the event list ignores filter[type][]',
    breaks: ['EV-LIST-FILTER-TYPE'],
    wrap: (behaviour) => ({ ...behaviour, listQuery: (query) => behaviour.listQuery({ ...query, types: [] }) }),
  },
  {
    name: 'event-list-until-ignored',
    description: 'the event list ignores filter[until]',
    breaks: ['EV-LIST-FILTER-UNTIL'],
    wrap: (behaviour) => ({ ...behaviour, listQuery: (query) => behaviour.listQuery({ ...query, until: undefined }) }),
  },
  {
    name: 'event-list-offset-ignored',
    description: 'the event list ignores page[offset]',
    breaks: ['EV-LIST-PAGING'],
    wrap: (behaviour) => ({ ...behaviour, listQuery: (query) => behaviour.listQuery({ ...query, offset: 0 }) }),
  },
  {
    name: 'event-list-limit-uncapped',
    description: 'the event list honours any page[limit], returning more than 1000 events when asked for 1001',
    breaks: ['EV-LIST-PAGE-MAX'],
    wrap: (behaviour) => ({ ...behaviour, listPageMax: Number.MAX_SAFE_INTEGER }),
  },
  {
    name: 'injected-events-missing-created-at',
    description: 'events are rendered without attributes.createdAt',
    breaks: ['EV-RESOURCE-SHAPE'],
    wrap: (behaviour) => ({
      ...behaviour,
      eventJson: (event) => {
        const rendered = JSON.parse(behaviour.eventJson(event)) as RenderedEvent;
        delete rendered.attributes.createdAt;
        return JSON.stringify(rendered);
      },
    }),
  },
  {
    name: 'event-list-needs-write-scope',
    description: 'GET /events requires scope events-write instead of events',
    breaks: ['AU-SCOPE-SUFFICIENT'],
    wrap: (behaviour) => ({ ...behaviour, listScope: 'events-write' }),
  },
  {
    name: 'injected-events-drop-first-attribute',
    description: 'generated events lack the first attribute the catalogue lists for their type (a listed member absent: a SHOULD)',
    breaks: ['EV-PAYLOAD-LISTED-MEMBERS'],
    wrap: (behaviour) => ({
      ...behaviour,
      generatedAttributes: (generated, entry, randomInt) => {
        const attributes = behaviour.generatedAttributes(generated, entry, randomInt);
        const first = Object.keys(entry.attributes)[0];
        if (first !== undefined) delete attributes[first];
        return attributes;
      },
    }),
  },
  {
    name: 'injected-events-mistype-first-attribute',
    description:
      'generated events carry the first attribute the catalogue lists for their type with a value of the wrong type (a number for a string, a string for an amount)',
    breaks: ['EV-CATALOGUE-ACCOUNTS', 'EV-CATALOGUE-CARD-AUTHORIZATIONS', 'EV-CATALOGUE-CHECK-PAYMENTS'],
    wrap: (behaviour) => ({
      ...behaviour,
      generatedAttributes: (generated, entry, randomInt) => {
        const attributes = behaviour.generatedAttributes(generated, entry, randomInt);
        const typed = Object.entries(entry.attributes).find(([, kind]) => wrongValueOf(kind, randomInt) !== undefined);
        if (typed) attributes[typed[0]] = wrongValueOf(typed[1], randomInt);
        return attributes;
      },
    }),
  },
  {
    name: 'injected-events-stated-values-other',
    description:
      "generated events carry another value, of the right type, where the catalogue states the type's value (receivedPayment.pendingReview status, the cardFraudCase status/decision pairs, taxForm.created revision 0)",
    breaks: ['EV-CATALOGUE-RECEIVED-PAYMENTS', 'EV-CATALOGUE-CARD-FRAUD-CASES', 'EV-CATALOGUE-REWARDS-STATEMENTS-STOP-PAYMENTS-TAX-FORMS'],
    wrap: (behaviour) => ({
      ...behaviour,
      generatedAttributes: (generated, entry, randomInt) => {
        const attributes = behaviour.generatedAttributes(generated, entry, randomInt);
        for (const [name, kind] of Object.entries(entry.attributes))
          if (typeof kind === 'object' && name in attributes) attributes[name] = otherThanStated(kind.const);
        return attributes;
      },
    }),
  },
] as const satisfies readonly EdgeFault<EventsBehaviour>[];
