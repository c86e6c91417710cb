import { injectEvents } from '../../harness/eventInjection.ts';
import { defineScenario, type Scenario } from '../../harness/scenario.ts';
import { between, pause } from '../webhooks/webhookFixtures.ts';
import { checkEventShape, injectableTypes, LISTED_MEMBERS_REQUIREMENT, SECTION_REQUIREMENTS } from './catalogueChecks.ts';
import { idsOf, justAfter, justBefore, listAllEvents, listEvents } from './eventLists.ts';

// API 4.4 and the Event Catalog: fetching events, and listing them with paging and filters.

const sections = [...new Set(injectableTypes().map((form) => form.requirement))];

const catalogueSection = (requirement: string) => {
  const forms = injectableTypes().filter((form) => form.requirement === requirement);
  const section = Object.entries(SECTION_REQUIREMENTS).find(([, id]) => id === requirement)![0];
  return defineScenario({
    id: `events/catalogue/${requirement.replace(/^EV-CATALOGUE-/, '').toLowerCase()}`,
    area: 'events',
    title: `Every event type of "${section.replace('Event Catalog: ', '')}" MUST be fetchable by id and match its catalogue shape`,
    requirements: [requirement, LISTED_MEMBERS_REQUIREMENT, 'EV-GET', 'EV-RESOURCE-SHAPE'],
    needs: ['eventInjection'],
    async run(ctx) {
      for (const form of forms) {
        const [event] = await injectEvents(ctx.control, { type: form.type, ...(form.variant ? { variant: form.variant } : {}) });
        const response = await ctx.api.call('event.get', { params: { id: event!.id } });
        const data = response.body?.data;
        ctx.check.expect('EV-GET', response.status === 200 && String(data?.id) === event!.id && data?.type === form.type,
          `GET /events/{id} MUST answer 200 with the event; for ${form.type} ${event!.id} got ${response.status} with ${data?.type} ${data?.id}`, response);
        if (response.status === 200) checkEventShape(ctx, data, `GET /events/{id}${form.variant ? ` (${form.variant} form)` : ''}`, response, requirement);
      }
    },
  });
};

const getUnknown = defineScenario({
  id: 'events/get-unknown',
  area: 'events',
  title: 'GET /events/{id} for an id that does not exist SHOULD answer 404',
  requirements: ['EV-GET-UNKNOWN'],
  async run(ctx) {
    const response = await ctx.api.send('GET', '/events/987654321987');
    ctx.check.expect('EV-GET-UNKNOWN', response.status === 404, `GET of an event that does not exist SHOULD answer 404; got ${response.status}`, response);
  },
});

const list = defineScenario({
  id: 'events/list',
  area: 'events',
  title: 'GET /events MUST list recent events, each matching its catalogue shape, with unique ids',
  requirements: ['EV-LIST-SHAPE', 'EV-LIST', 'EV-LIST-ORDER', 'EV-LISTED-EVENTS-MATCH-CATALOGUE', LISTED_MEMBERS_REQUIREMENT, 'EV-ID-UNIQUE'],
  needs: ['eventInjection'],
  async run(ctx) {
    const injected = [];
    for (const type of ['account.created', 'card.created', 'payment.sent']) {
      injected.push(...(await injectEvents(ctx.control, { type })));
      await pause(5);
    }
    const since = justBefore(injected[0]!.createdAt);
    const { events, response } = await listEvents(ctx, { 'filter[since]': since, 'page[limit]': 1000 });
    const listed = idsOf(events);
    const missing = injected.filter((event) => !listed.includes(event.id));
    ctx.check.expect('EV-LIST', missing.length === 0, `GET /events MUST list the events just published; ${missing.length ? `missing ${missing.map((e) => e.id).join(', ')}` : 'all listed'}`, response);
    const positions = injected.map((event) => listed.indexOf(event.id)).filter((index) => index >= 0);
    const order = positions.every((p, i) => i === 0 || p < positions[i - 1]!) ? 'newest first' : positions.every((p, i) => i === 0 || p > positions[i - 1]!) ? 'oldest first' : 'other';
    ctx.check.observe('EV-LIST-ORDER', order, `GET /events lists ${order}`, response);

    const recent = await listEvents(ctx, { 'page[limit]': 1000 });
    for (const event of recent.events) checkEventShape(ctx, event, 'GET /events', recent.response, 'EV-LISTED-EVENTS-MATCH-CATALOGUE');
    const ids = idsOf(recent.events);
    const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index);
    ctx.check.expect('EV-ID-UNIQUE', duplicates.length === 0, `event ids MUST be unique; ${duplicates.length ? `repeated: ${[...new Set(duplicates)].slice(0, 5).join(', ')}` : `all ${ids.length} listed ids differ`}`, recent.response);
  },
});

const MAX_PAGE = 1000;

const pageLimits = defineScenario({
  id: 'events/list/page-limits',
  area: 'events',
  title: 'GET /events MUST return at most page[limit] events (up to 1000), 100 by default, and never more than 1000',
  requirements: ['EV-LIST-PAGE-LIMIT', 'EV-LIST-PAGE-DEFAULT', 'EV-LIST-PAGE-MAX', 'EV-LIST-PAGE-OVER-MAX'],
  async run(ctx) {
    // The default page size shows only with more than 100 events available, the maximum only with more than 1000.
    const moreThanMax = async () => (await listEvents(ctx, { 'page[limit]': 1, 'page[offset]': MAX_PAGE })).events.length > 0;
    let all = await listEvents(ctx, { 'page[limit]': MAX_PAGE });
    let beyondMax = await moreThanMax();
    if (!beyondMax && ctx.control.has('eventInjection')) {
      await injectEvents(ctx.control, { type: 'statement.created', count: MAX_PAGE + 1 - all.events.length });
      all = await listEvents(ctx, { 'page[limit]': MAX_PAGE });
      beyondMax = await moreThanMax();
    }
    const available = all.events.length;
    const byDefault = await ctx.api.call('event.list');
    const defaultCount = byDefault.body?.data?.length;
    ctx.check.expect('EV-LIST-PAGE-DEFAULT', defaultCount === Math.min(100, available),
      `without page[limit] the list MUST hold ${Math.min(100, available)} events (${available} available); it held ${defaultCount}`, byDefault);
    for (const limit of [1, 7, MAX_PAGE]) {
      const page = limit === MAX_PAGE ? all.response : await ctx.api.call('event.list', { query: { 'page[limit]': limit } });
      const count = page.body?.data?.length;
      ctx.check.expect('EV-LIST-PAGE-LIMIT', page.status === 200 && count <= limit && (available < limit || count === limit || limit === MAX_PAGE),
        `page[limit]=${limit} MUST answer 200 with at most ${limit} events; got ${page.status} with ${count}`, page);
    }
    const over = await ctx.api.send('GET', '/events', { query: { 'page[limit]': MAX_PAGE + 1 } });
    const overCount = Array.isArray(over.body?.data) ? over.body.data.length : undefined;
    ctx.check.observe('EV-LIST-PAGE-OVER-MAX', { status: over.status, count: overCount },
      `page[limit]=${MAX_PAGE + 1} answered ${over.status}${overCount === undefined ? '' : ` with ${overCount} events`}`, over);
    if (!beyondMax) {
      ctx.check.skip('EV-LIST-PAGE-MAX', `at most ${MAX_PAGE} events are available and the target claims no eventInjection to publish more, so no page can exceed ${MAX_PAGE}`);
      return;
    }
    ctx.check.expect('EV-LIST-PAGE-MAX', overCount === undefined || overCount <= MAX_PAGE,
      `with more than ${MAX_PAGE} events available, page[limit]=${MAX_PAGE + 1} MUST NOT return more than ${MAX_PAGE}; it answered ${over.status}${overCount === undefined ? ' without a data array' : ` with ${overCount}`}`, over);
  },
});

const paging = defineScenario({
  id: 'events/list/paging',
  area: 'events',
  title: 'Consecutive pages of GET /events over a fixed time range MUST neither repeat nor miss an event',
  requirements: ['EV-LIST-PAGING'],
  needs: ['eventInjection'],
  async run(ctx) {
    const injected = await injectEvents(ctx.control, { type: 'checkPayment.pending', count: 25 });
    const window = { 'filter[since]': justBefore(injected[0]!.createdAt), 'filter[until]': justAfter(injected.at(-1)!.createdAt) };
    const { events: whole, responses } = await listAllEvents(ctx, window);
    const expected = idsOf(whole);
    const pieces: string[] = [];
    for (let offset = 0; offset < expected.length + 7; offset += 7) {
      const { events } = await listEvents(ctx, { ...window, 'page[limit]': 7, 'page[offset]': offset });
      pieces.push(...idsOf(events));
      if (events.length < 7) break;
    }
    const ours = injected.every((event) => expected.includes(event.id));
    const same = pieces.length === expected.length && pieces.every((id, index) => id === expected[index]);
    ctx.check.expect('EV-LIST-PAGING', ours && same,
      `pages of 7 MUST together be the ${expected.length} events of the range in the same order; ${same ? 'they are' : `they hold ${pieces.length} ids, first difference at ${pieces.findIndex((id, i) => id !== expected[i])}`}${ours ? '' : '; not every injected event is in the range'}`,
      responses);
  },
});

const TYPES = ['taxForm.created', 'reward.sent', 'stopPayment.updated'] as const;

const filterType = defineScenario({
  id: 'events/list/filter-type',
  area: 'events',
  title: 'GET /events with filter[type][] MUST return only events of the given type(s), including the matching ones',
  requirements: ['EV-LIST-FILTER-TYPE'],
  needs: ['eventInjection'],
  async run(ctx) {
    const injected = await injectEvents(ctx.control, { types: [...TYPES], count: 3 });
    const since = justBefore(injected[0]!.createdAt);
    const ofType = (types: readonly string[]) => injected.filter((event) => types.includes(event.type)).map((event) => event.id);
    for (const types of [[TYPES[0]], [TYPES[0], TYPES[1]]] as const) {
      const { events, responses } = await listAllEvents(ctx, { 'filter[type][]': types, 'filter[since]': since });
      const others = events.filter((event) => !types.includes(event.type));
      const missing = ofType(types).filter((id) => !idsOf(events).includes(id));
      ctx.check.expect('EV-LIST-FILTER-TYPE', others.length === 0 && missing.length === 0,
        `filter[type][]=${types.join(' & ')} MUST return only ${types.join(' or ')} events, including the ${ofType(types).length} published; ` +
          `${others.length} of other types (${[...new Set(others.map((e) => e.type))].slice(0, 4).join(', ')}), ${missing.length} missing`, responses);
    }
  },
});

const filterTime = defineScenario({
  id: 'events/list/filter-since-until',
  area: 'events',
  title: 'GET /events with filter[since] / filter[until] MUST return only events created after / before that date-time',
  requirements: ['EV-LIST-FILTER-SINCE', 'EV-LIST-FILTER-UNTIL'],
  needs: ['eventInjection'],
  async run(ctx) {
    const injected = [];
    for (let n = 0; n < 3; n += 1) {
      if (n > 0) await pause(15);
      injected.push(...(await injectEvents(ctx.control, { type: 'repayment.created' })));
    }
    const [a, b, c] = injected as [typeof injected[0], typeof injected[0], typeof injected[0]];
    const since = between(a.createdAt, b.createdAt);
    const sinceList = await listAllEvents(ctx, { 'filter[since]': since });
    const sinceIds = idsOf(sinceList.events);
    const early = sinceList.events.filter((event) => !(Date.parse(event.attributes?.createdAt) > Date.parse(since)));
    ctx.check.expect('EV-LIST-FILTER-SINCE', early.length === 0 && sinceIds.includes(b.id) && sinceIds.includes(c.id) && !sinceIds.includes(a.id),
      `filter[since]=${since} MUST return only later events, including ${b.id} and ${c.id} but not ${a.id}; ${early.length} earlier ones came, ours: ${[a, b, c].map((e) => `${e.id}${sinceIds.includes(e.id) ? '+' : '-'}`).join(' ')}`, sinceList.responses);

    const until = between(b.createdAt, c.createdAt);
    const untilList = await listAllEvents(ctx, { 'filter[since]': justBefore(a.createdAt), 'filter[until]': until });
    const untilIds = idsOf(untilList.events);
    const late = untilList.events.filter((event) => !(Date.parse(event.attributes?.createdAt) < Date.parse(until)));
    ctx.check.expect('EV-LIST-FILTER-UNTIL', late.length === 0 && untilIds.includes(a.id) && untilIds.includes(b.id) && !untilIds.includes(c.id),
      `filter[until]=${until} MUST return only earlier events, including ${a.id} and ${b.id} but not ${c.id}; ${late.length} later ones came, ours: ${[a, b, c].map((e) => `${e.id}${untilIds.includes(e.id) ? '+' : '-'}`).join(' ')}`, untilList.responses);
  },
});

const filterInvalid = defineScenario({
  id: 'events/list/invalid-filters',
  area: 'events',
  title: 'GET /events with a filter[since] or filter[until] that is not an RFC 3339 date-time SHOULD be refused with a 4xx',
  requirements: ['EV-LIST-FILTER-INVALID'],
  async run(ctx) {
    for (const [name, value] of [['filter[since]', 'yesterday'], ['filter[until]', '2026-13-45T00:00:00Z']] as const) {
      const response = await ctx.api.send('GET', '/events', { query: { [name]: value } });
      ctx.check.expect('EV-LIST-FILTER-INVALID', response.status >= 400 && response.status < 500, `${name}=${value} SHOULD be refused with a 4xx; got ${response.status}`, response);
    }
  },
});

export const retrievalScenarios: Scenario[] = [
  ...sections.map(catalogueSection), getUnknown, list, pageLimits, paging, filterType, filterTime, filterInvalid,
];
