import { injectEvents } from '../shared/eventInjection.ts';
import { defineScenario, type Scenario } from '../../harness/engine/scenario.ts';
import { makeEventsHappen } from '../shared/eventTriggers.ts';
import { pause } from '../shared/webhookFixtures.ts';
import { CATALOGUE_REQUIREMENTS, checkEventShape, LISTED_MEMBERS_REQUIREMENT } from '../shared/catalogueChecks.ts';
import { idsOf, listEvents } from './eventLists.ts';
import { fetchEvents } from '../shared/eventLookup.ts';
import { describeEventWait, patienceSpent } from '../shared/eventWait.ts';
import { combineTriggered, observeOurEvents } from './ourEvents.ts';

// API 4.4 and the Event Catalog: fetching events, and listing them with paging and filters.

const getUnknown = defineScenario({
  id: 'events/get-unknown',
  area: 'events',
  requirements: ['EV-GET-UNKNOWN'],
  async run(ctx) {
    const response = await ctx.api.send('GET', '/events/987654321987');
    ctx.check.expect(
      'EV-GET-UNKNOWN',
      response.status === 404,
      `GET of an event that does not exist: expected 404; got ${response.status}`,
      response,
    );
  },
});

const LIST_TRIGGERS = ['injection', 'sandbox-approve'] as const;

const list = defineScenario({
  id: 'events/list',
  area: 'events',
  requirements: [
    'EV-LIST-SHAPE',
    'EV-LIST',
    'EV-LIST-ORDER',
    ...CATALOGUE_REQUIREMENTS,
    LISTED_MEMBERS_REQUIREMENT,
    'EV-ID-UNIQUE',
    'EV-GET',
    'EV-RESOURCE-SHAPE',
  ],
  eventTriggers: LIST_TRIGGERS,
  async run(ctx) {
    // One after another, so that their order is known.
    const batches = [];
    for (const type of ['account.created', 'card.created', 'payment.sent']) {
      batches.push(await makeEventsHappen(ctx, 1, LIST_TRIGGERS, [type]));
      await pause(5);
    }
    const triggered = combineTriggered(batches);
    const observed = await observeOurEvents(ctx, triggered);
    if (patienceSpent(observed.wait))
      throw new Error(`GET /events never settled on the events just made to happen: ${describeEventWait(observed.wait)}`);
    const response = observed.responses.at(-1);
    ctx.check.expect(
      'EV-LIST',
      observed.missing.length === 0,
      `GET /events: expected the events that just happened (${triggered.via}), among the others; ${observed.missing.length ? `missing (${describeEventWait(observed.wait)}): ${observed.missing.join('; ')}` : `all ${triggered.expected.length} listed`}`,
      response,
    );
    const listed = idsOf(observed.listed);
    const positions = observed.expected.filter((event) => event !== undefined).map((event) => listed.indexOf(String(event.id)));
    const order =
      positions.length < 2
        ? 'unknown'
        : positions.every((p, i) => i === 0 || p < positions[i - 1]!)
          ? 'newest first'
          : positions.every((p, i) => i === 0 || p > positions[i - 1]!)
            ? 'oldest first'
            : 'other';
    ctx.check.observe(
      'EV-LIST-ORDER',
      order,
      `GET /events lists ${order} (relative order of ${positions.length} events made to happen one after another)`,
      response,
    );

    // Whether an event is fetched by id as soon as it is listed is not said: fetched patiently (fetchEvents).
    const listedOurs = observed.expected.filter((event) => event !== undefined);
    const { answers } = await fetchEvents(
      ctx,
      listedOurs.map((event) => String(event.id)),
    );
    for (const event of listedOurs) {
      const fetched = answers.get(String(event.id))!;
      ctx.check.expect(
        'EV-GET',
        fetched.status === 200 && String(fetched.body?.data?.id) === String(event.id) && fetched.body?.data?.type === event.type,
        `GET /events/{id}: expected 200 with the listed event; for ${event.type} ${event.id} got ${fetched.status} with ${fetched.body?.data?.type} ${fetched.body?.data?.id}`,
        fetched,
      );
    }

    // Judged on single pages: across pages of a list that grows meanwhile, an event may legitimately show twice.
    const recent = await listEvents(ctx, { 'page[limit]': 1000 });
    const around = await listEvents(ctx, { 'filter[since]': triggered.since, 'page[limit]': 1000 });
    for (const page of [recent, around]) {
      // Each listed event under its catalogue section's requirement (the common shape, EV-RESOURCE-SHAPE, for types it does not name).
      for (const event of page.events) checkEventShape(ctx, event, 'GET /events', page.response);
      const ids = idsOf(page.events);
      const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index);
      ctx.check.expect(
        'EV-ID-UNIQUE',
        duplicates.length === 0,
        `expected unique event ids; ${duplicates.length ? `repeated within one page: ${[...new Set(duplicates)].slice(0, 5).join(', ')}` : `all ${ids.length} ids of a page differ`}`,
        page.response,
      );
    }
  },
});

const MAX_PAGE = 1000;

const pageLimits = defineScenario({
  id: 'events/list/page-limits',
  area: 'events',
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
    // Others add events meanwhile, so the default page is never held to an earlier count: only to
    // at most 100, and, when more than 100 were already there before it, to exactly 100 (the list
    // only grows while the scenario runs).
    const moreThanDefault = available > 100;
    ctx.check.expect(
      'EV-LIST-PAGE-DEFAULT',
      typeof defaultCount === 'number' && (moreThanDefault ? defaultCount === 100 : defaultCount <= 100),
      `without page[limit]: expected ${moreThanDefault ? `exactly 100 events (more than 100 were listed before)` : 'at most 100 events'}; it held ${defaultCount}`,
      byDefault,
    );
    for (const limit of [1, 7, MAX_PAGE]) {
      const page = limit === MAX_PAGE ? all.response : await ctx.api.call('event.list', { query: { 'page[limit]': limit } });
      const count = page.body?.data?.length;
      ctx.check.expect(
        'EV-LIST-PAGE-LIMIT',
        page.status === 200 && count <= limit && (available < limit || count === limit || limit === MAX_PAGE),
        `page[limit]=${limit}: expected 200 with at most ${limit} events; got ${page.status} with ${count}`,
        page,
      );
    }
    const over = await ctx.api.send('GET', '/events', { query: { 'page[limit]': MAX_PAGE + 1 } });
    const overCount = Array.isArray(over.body?.data) ? over.body.data.length : undefined;
    ctx.check.observe(
      'EV-LIST-PAGE-OVER-MAX',
      { status: over.status, count: overCount },
      `page[limit]=${MAX_PAGE + 1} answered ${over.status}${overCount === undefined ? '' : ` with ${overCount} events`}`,
      over,
    );
    if (!beyondMax) {
      ctx.check.skip(
        'EV-LIST-PAGE-MAX',
        `at most ${MAX_PAGE} events are available and the target claims no eventInjection to publish more, so no page can exceed ${MAX_PAGE}`,
      );
      return;
    }
    ctx.check.expect(
      'EV-LIST-PAGE-MAX',
      overCount === undefined || overCount <= MAX_PAGE,
      `with more than ${MAX_PAGE} events available, page[limit]=${MAX_PAGE + 1}: expected at most ${MAX_PAGE}; it answered ${over.status}${overCount === undefined ? ' without a data array' : ` with ${overCount}`}`,
      over,
    );
  },
});

const filterInvalid = defineScenario({
  id: 'events/list/invalid-filters',
  area: 'events',
  requirements: ['EV-LIST-FILTER-INVALID'],
  async run(ctx) {
    for (const [name, value] of [
      ['filter[since]', 'yesterday'],
      ['filter[until]', '2026-13-45T00:00:00Z'],
    ] as const) {
      const response = await ctx.api.send('GET', '/events', { query: { [name]: value } });
      ctx.check.expect(
        'EV-LIST-FILTER-INVALID',
        response.status >= 400 && response.status < 500,
        `${name}=${value}: expected a 4xx; got ${response.status}`,
        response,
      );
    }
  },
});

export const retrievalScenarios: Scenario[] = [getUnknown, list, pageLimits];
export const invalidFilterScenarios: Scenario[] = [filterInvalid];
