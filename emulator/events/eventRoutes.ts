import type { FastifyInstance } from 'fastify';
import type { EmulatorState } from '../core/emulatorState.ts';
import type { StoredEvent } from '../core/eventPublisher.ts';
import { invalid, notFound, sendDocumentText } from '../core/jsonApi.ts';
import { dateTime, defineListQuery, type RawQuery, readListQuery, repeated } from '../core/listQuery.ts';
import type { RenderedEvent } from './eventRendering.ts';
import { eventFaultOn } from './faultSwitch.ts';
import type { WebhookServices } from './webhookServices.ts';

// Section 4.4 / 6.2: events can be fetched, listed and resent for 90 days.
export const RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

/** Section 4.4; filter[type] (without []) is read as a one-element filter[type][]. */
const EVENT_LIST_QUERY = defineListQuery({
  parameters: { 'filter[type][]': repeated, 'filter[since]': dateTime, 'filter[until]': dateTime },
  aliases: { 'filter[type]': 'filter[type][]' },
});

export function registerEventRoutes(app: FastifyInstance, state: EmulatorState, { events, delivery }: WebhookServices): void {
  const keepsOldEvents = eventFaultOn(state, 'old-events-returned');
  // A realistic slip: reading the events asks for the scope of resending them.
  const listScope = eventFaultOn(state, 'event-list-needs-write-scope') ? 'events-write' : 'events';

  // Events are rendered once, when stored; a fault that changes their rendering is chosen here, once.
  const render: (event: StoredEvent) => string = eventFaultOn(state, 'injected-events-missing-created-at')
    ? (event) => {
        const rendered = JSON.parse(event.json) as RenderedEvent;
        delete rendered.attributes.createdAt;
        return JSON.stringify(rendered);
      }
    : (event) => event.json;
  const eventDocument = (event: StoredEvent): string => `{"data":${render(event)}}`;

  const retentionStart = (): number | undefined => (keepsOldEvents ? undefined : state.clock.now() - RETENTION_MS);

  /** An event within the 90-day window, else 404 (older events are gone as far as clients can tell). */
  const findRetained = (id: string): StoredEvent => {
    const event = events.get(id);
    const start = retentionStart();
    if (!event || (start !== undefined && event.createdAt < start)) throw notFound('event', id);
    return event;
  };

  app.get<{ Params: { id: string } }>('/events/:id', { config: { scope: 'events' } }, async (request, reply) =>
    sendDocumentText(reply, 200, eventDocument(findRetained(request.params.id))),
  );

  app.get('/events', { config: { scope: listScope } }, async (request, reply) => {
    const uncapped = eventFaultOn(state, 'event-list-limit-uncapped');
    const { page, filters } = readListQuery(
      request.query as RawQuery,
      EVENT_LIST_QUERY,
      uncapped ? { maxLimit: Number.MAX_SAFE_INTEGER } : {},
    );
    const result = events.list({
      types: eventFaultOn(state, 'event-list-type-filter-ignored') ? [] : (filters['filter[type][]'] ?? []),
      since: filters['filter[since]'],
      until: eventFaultOn(state, 'event-list-until-ignored') ? undefined : filters['filter[until]'],
      notBefore: retentionStart(),
      offset: eventFaultOn(state, 'event-list-offset-ignored') ? 0 : page.offset,
      limit: page.limit,
    });
    const meta = { pagination: { total: result.total, limit: page.limit, offset: page.offset } };
    return sendDocumentText(reply, 200, `{"data":[${result.events.map(render).join(',')}],"meta":${JSON.stringify(meta)}}`);
  });

  app.post<{ Params: { id: string } }>('/events/:id', { config: { scope: 'events-write' } }, async (request, reply) => {
    const body = request.body;
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
      throw invalid('', 'the body of a resend is an empty JSON object');
    }
    // The seeded fault resend-unknown-delivers-latest: an unknown id falls back to the newest event, delivered before the 404.
    const newest = events.newest();
    if (!events.get(request.params.id) && newest && eventFaultOn(state, 'resend-unknown-delivers-latest')) delivery.dispatch(newest);
    const event = findRetained(request.params.id);
    if (eventFaultOn(state, 'resend-changes-event-id')) {
      events.publish({ type: event.type, attributes: event.attributes, relationships: event.relationships, included: event.included });
    } else {
      delivery.dispatch(event);
    }
    return sendDocumentText(reply, 200, eventDocument(event));
  });
}
