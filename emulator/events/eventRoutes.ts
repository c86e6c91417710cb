import type { FastifyInstance } from 'fastify';
import type { EmulatorArea } from '../core/area.ts';
import type { EmulatorState } from '../core/emulatorState.ts';
import type { StoredEvent } from '../core/eventPublisher.ts';
import { invalid, notFound, sendDocument } from '../core/jsonApi.ts';
import { webhookServices } from '../delivery/webhookServices.ts';
import { registerEventControlRoutes } from './eventControlRoutes.ts';
import { renderEvent } from './eventRendering.ts';
import { eventsFaultOn } from './faultSwitch.ts';
import { MAX_PAGE_LIMIT, readDateTime, readPage, readRepeated, type Query } from './listQuery.ts';

// Section 4.4 / 6.2: events can be fetched, listed and resent for 90 days.
export const RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

export const registerEventRoutes: EmulatorArea = (app: FastifyInstance, state: EmulatorState) => {
  const services = webhookServices(app, state);
  const { events, delivery } = services;
  const faults = state.faults;
  const keepsOldEvents = eventsFaultOn(faults, 'old-events-returned');

  const render = (event: StoredEvent) => {
    const rendered = renderEvent(event);
    if (eventsFaultOn(faults, 'injected-events-missing-created-at')) delete rendered.attributes.createdAt;
    return rendered;
  };

  const retentionStart = (): number | undefined => (keepsOldEvents ? undefined : state.clock.now() - RETENTION_MS);

  /** An event within the 90-day window, else 404 (older events are gone as far as clients can tell). */
  const findRetained = (id: string): StoredEvent => {
    const event = events.get(id);
    const start = retentionStart();
    if (!event || (start !== undefined && event.createdAt < start)) throw notFound('event', id);
    return event;
  };

  app.get<{ Params: { id: string } }>('/events/:id', { config: { scope: 'events' } }, async (request, reply) =>
    sendDocument(reply, 200, { data: render(findRetained(request.params.id)) }));

  app.get('/events', { config: { scope: 'events' } }, async (request, reply) => {
    const query = request.query as Query;
    const page = readPage(query, eventsFaultOn(faults, 'event-list-limit-uncapped') ? Number.MAX_SAFE_INTEGER : MAX_PAGE_LIMIT);
    const types = eventsFaultOn(faults, 'event-list-type-filter-ignored') ? [] : readRepeated(query, 'filter[type][]', 'filter[type]');
    const until = eventsFaultOn(faults, 'event-list-until-ignored') ? undefined : readDateTime(query, 'filter[until]');
    const result = events.list({
      types,
      since: readDateTime(query, 'filter[since]'),
      until,
      notBefore: retentionStart(),
      offset: eventsFaultOn(faults, 'event-list-offset-ignored') ? 0 : page.offset,
      limit: page.limit,
    });
    return sendDocument(reply, 200, {
      data: result.events.map(render),
      meta: { pagination: { total: result.total, limit: page.limit, offset: page.offset } },
    });
  });

  app.post<{ Params: { id: string } }>('/events/:id', { config: { scope: 'events-write' } }, async (request, reply) => {
    const body = request.body;
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
      throw invalid('', 'the body of a resend is an empty JSON object');
    }
    const event = findRetained(request.params.id);
    if (eventsFaultOn(faults, 'resend-changes-event-id')) {
      events.publish({ type: event.type, attributes: event.attributes, relationships: event.relationships, included: event.included });
    } else {
      delivery.dispatch(event);
    }
    return sendDocument(reply, 200, { data: render(event) });
  });

  registerEventControlRoutes(app, state, services);
};
