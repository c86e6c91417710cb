import type { FastifyInstance } from 'fastify';
import type { EmulatorState } from '../core/emulatorState.ts';
import type { StoredEvent } from '../core/eventPublisher.ts';
import { invalid, notFound, sendDocumentText } from '../core/jsonApi.ts';
import { dateTime, defineListQuery, type RawQuery, readListQuery, repeated } from '../core/listQuery.ts';
import { UnreadableEvents } from './unreadableEvents.ts';
import type { WebhookServices } from './webhookServices.ts';

// Section 4.4 / 6.2: events can be fetched, listed and resent for 90 days.

/** Section 4.4; filter[type] (without []) is read as a one-element filter[type][]. */
const EVENT_LIST_QUERY = defineListQuery({
  parameters: { 'filter[type][]': repeated, 'filter[since]': dateTime, 'filter[until]': dateTime },
  aliases: { 'filter[type]': 'filter[type][]' },
});

export function registerEventRoutes(
  app: FastifyInstance,
  state: EmulatorState,
  { events, delivery, eventsBehaviour: behaviour }: WebhookServices,
): void {
  // Events are rendered once, when stored.
  const render = behaviour.eventJson;
  const eventDocument = (event: StoredEvent): string => `{"data":${render(event)}}`;
  const listOptions = { maxLimit: behaviour.listPageMax };

  const retentionStart = (): number | undefined => behaviour.retentionStart(state.clock.now());
  const unreadable = new UnreadableEvents(events, behaviour.readableAfterMs);

  /** An event within the 90-day window that can be read yet, else 404 (older events are gone as far as clients can tell). */
  const findRetained = (id: string): StoredEvent => {
    const event = events.get(id);
    const start = retentionStart();
    if (!event || (start !== undefined && event.createdAt < start) || !unreadable.readable(event)) throw notFound('event', id);
    return event;
  };

  app.get<{ Params: { id: string } }>('/events/:id', { config: { scope: 'events' } }, async (request, reply) =>
    sendDocumentText(reply, 200, eventDocument(findRetained(request.params.id))),
  );

  app.get('/events', { config: { scope: behaviour.listScope } }, async (request, reply) => {
    const { page, filters } = readListQuery(request.query as RawQuery, EVENT_LIST_QUERY, listOptions);
    const result = behaviour.listPage(
      events,
      behaviour.listQuery({
        types: filters['filter[type][]'] ?? [],
        since: filters['filter[since]'],
        until: filters['filter[until]'],
        idsBelow: unreadable.firstSequence(),
        notBefore: retentionStart(),
        offset: page.offset,
        limit: page.limit,
      }),
    );
    const meta = { pagination: { total: result.total, limit: page.limit, offset: page.offset } };
    return sendDocumentText(reply, 200, `{"data":[${result.events.map(render).join(',')}],"meta":${JSON.stringify(meta)}}`);
  });

  app.post<{ Params: { id: string } }>('/events/:id', { config: { scope: 'events-write' } }, async (request, reply) => {
    const body = request.body;
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
      throw invalid('', 'the body of a resend is an empty JSON object');
    }
    if (!events.get(request.params.id)) behaviour.resendOfUnknown(events, delivery);
    const event = findRetained(request.params.id);
    behaviour.resend(event, events, delivery);
    return sendDocumentText(reply, behaviour.resendStatus, eventDocument(event));
  });
}
