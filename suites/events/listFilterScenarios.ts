/* eslint-disable @typescript-eslint/no-explicit-any -- events as the target lists them: read member by member, untyped by nature */
import type { ApiResponse } from '../../harness/targetIO/apiClient.ts';
import { defineScenario, type Scenario, type ScenarioContext } from '../../harness/engine/scenario.ts';
import { makeEventsHappen, type TriggeredEvents } from '../shared/eventTriggers.ts';
import { describeEventWait, readEventsPatiently, UNEXPECTED_EVENTS_FLOOR_MS } from '../shared/eventWait.ts';
import { readPagesOverStableWindow } from '../shared/stableWindow.ts';
import { between, pause } from '../shared/webhookFixtures.ts';
import { idsOf, justAfter, justBefore, listAllEvents, listEvents, type Query } from './eventLists.ts';
import { combineTriggered, latestCreatedAt, requireOurEvents } from './ourEvents.ts';

// API 4.4: paging and filters of GET /events on a shared target. Other people's
// events keep happening and ids are not contiguous, so each check judges the
// scenario's own events among the others and the target's answers against each
// other: every returned event satisfies the filter (others' too), every one of
// ours that satisfies it is there, and a filtered or paged read of a closed time
// window agrees with the unfiltered read of that window.

const TRIGGERS = ['injection', 'sandbox-approve'] as const;
/**
 * A closed window read twice may still differ: the target lists late, or its clock has not yet
 * passed the window's end, so others' events still fall in it (a target that writes whole
 * seconds gives every event of that second one instant). Read again this often, each pause
 * longer than the last (suites/shared/stableWindow.ts: 2.5 s in all, past any second's end).
 */
const READS = 5;

const createdAtOf = (event: { attributes?: { createdAt?: unknown } }): number => Date.parse(String(event.attributes?.createdAt));
const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, index) => id === b[index]);
const typesOf = (events: ReadonlyArray<{ type?: unknown }>) =>
  [...new Set(events.map((event) => String(event.type)))].slice(0, 4).join(', ');

/** The closed time window around events a scenario made happen: nothing created later falls in it. */
async function windowAround(ctx: ScenarioContext, triggered: TriggeredEvents) {
  const observed = await requireOurEvents(ctx, triggered);
  return { observed, window: { 'filter[since]': triggered.since, 'filter[until]': justAfter(latestCreatedAt(observed.ours)) } };
}

const PAGE = 7;
const PAGES = 6;

const paging = defineScenario({
  id: 'events/list/paging',
  area: 'events',
  requirements: ['EV-LIST-PAGING'],
  eventTriggers: TRIGGERS,
  async run(ctx) {
    const triggered = await makeEventsHappen(ctx, 10, TRIGGERS, ['checkPayment.pending']);
    const { observed, window } = await windowAround(ctx, triggered);
    const ours = idsOf(observed.ours);
    const { window: before, pages } = await readPagesOverStableWindow(ctx, {
      what: `the closed window ${window['filter[since]']} .. ${window['filter[until]']}`,
      attempts: READS,
      window: () => listEvents(ctx, { ...window, 'page[limit]': 1000 }),
      idsOf: (read) => idsOf(read.events),
      pages: async (read) => {
        const pages: Array<{ offset: number; ids: string[]; response: ApiResponse }> = [];
        for (let offset = 0; offset < Math.min(read.events.length, PAGE * PAGES) + PAGE; offset += PAGE) {
          const { events, response } = await listEvents(ctx, { ...window, 'page[limit]': PAGE, 'page[offset]': offset });
          pages.push({ offset, ids: idsOf(events), response });
          if (events.length < PAGE) break;
        }
        return pages;
      },
    });
    const whole = idsOf(before.events);
    const wrong = pages.filter((page) => !sameIds(page.ids, whole.slice(page.offset, page.offset + PAGE)));
    const absent = whole.length < 1000 ? ours.filter((id) => !whole.includes(id)) : [];
    ctx.check.expect(
      'EV-LIST-PAGING',
      wrong.length === 0 && absent.length === 0,
      `page[limit]=${PAGE} at offset k: expected positions k..k+${PAGE - 1} of the ${whole.length}-event page of the same window (${ours.length} of them made to happen by the suite); ` +
        (wrong.length === 0
          ? `${pages.length} pages do`
          : `at offset ${wrong[0]!.offset} got [${wrong[0]!.ids.join(', ')}], expected [${whole.slice(wrong[0]!.offset, wrong[0]!.offset + PAGE).join(', ')}]`) +
        (absent.length ? `; the window misses the suite's events ${absent.slice(0, 5).join(', ')}` : ''),
      [before.response, ...(wrong.length ? [wrong[0]!.response] : [])],
    );
  },
});

const filterType = defineScenario({
  id: 'events/list/filter-type',
  area: 'events',
  requirements: ['EV-LIST-FILTER-TYPE'],
  eventTriggers: TRIGGERS,
  async run(ctx) {
    // Two types of the suite's own: injected, or fired by sandbox approve and deny.
    const batches = [
      await makeEventsHappen(ctx, 2, TRIGGERS, ['taxForm.created', 'reward.sent']),
      await makeEventsHappen(ctx, 1, ['injection', 'sandbox-deny'], ['stopPayment.updated']),
    ];
    const triggered = combineTriggered(batches);
    const { observed, window } = await windowAround(ctx, triggered);
    const ourTypes = [...new Set(observed.expected.map((event) => String(event.type)))];
    const selections = [[ourTypes[0]!], ourTypes.slice(0, 2)];
    for (const types of selections) {
      // The filtered read between two reads of the whole window: judged once the window held still
      // across it, so an event listed late (or another's falling in the window's last instant) is never
      // taken for one the filter dropped. A window that keeps changing past the patience is UNTESTABLE.
      const wait = await readEventsPatiently(ctx, {
        read: async () => {
          const wholeBefore = await listAllEvents(ctx, window);
          const filtered = await listAllEvents(ctx, { ...window, 'filter[type][]': types });
          const whole = await listAllEvents(ctx, window);
          return { filtered, whole, held: sameIds(idsOf(wholeBefore.events), idsOf(whole.events)) };
        },
        settled: (read) => read.held,
        progress: (read) => idsOf(read.whole.events).join(','),
        floorMs: UNEXPECTED_EVENTS_FLOOR_MS,
      });
      if (!wait.settled) {
        throw new Error(
          `the closed window ${window['filter[since]']} .. ${window['filter[until]']} changed across every filtered read (${describeEventWait(wait)}), so the filter cannot be judged against it`,
        );
      }
      const { filtered, whole } = wait.value;
      const filteredIds = idsOf(filtered.events);
      const others = filtered.events.filter((event) => !types.includes(event.type));
      const missingOurs = observed.expected.filter((event) => types.includes(event.type) && !filteredIds.includes(String(event.id)));
      const missingOfWindow = whole.events.filter((event) => types.includes(event.type) && !filteredIds.includes(String(event.id)));
      ctx.check.expect(
        'EV-LIST-FILTER-TYPE',
        others.length === 0 && missingOurs.length === 0 && missingOfWindow.length === 0,
        `filter[type][]=${types.join(' & ')}: expected only ${types.join(' or ')} events of the window, including the suite's ${observed.expected.filter((event) => types.includes(event.type)).length} ` +
          `and every such event the unfiltered window lists (${whole.events.length} events of ${typesOf(whole.events)}); ` +
          `${others.length} of other types (${typesOf(others)}), ${missingOurs.length} of the suite's missing, ${missingOfWindow.length} of the window's missing`,
        [...filtered.responses, ...whole.responses],
      );
    }

    // The history, others' events only: a type the target holds, filtered on its own.
    const history = await listEvents(ctx, { 'page[limit]': 100 });
    const type = history.events.map((event) => String(event.type)).find((candidate) => !ourTypes.includes(candidate));
    if (type) {
      const { events, response } = await listEvents(ctx, { 'filter[type][]': [type], 'page[limit]': 100 });
      const others = events.filter((event) => event.type !== type);
      ctx.check.expect(
        'EV-LIST-FILTER-TYPE',
        events.length > 0 && others.length === 0,
        `filter[type][]=${type} (a type in the target's history): expected only ${type} events, and some since the history holds one; got ${events.length}, ${others.length} of other types (${typesOf(others)})`,
        [history.response, response],
      );
    }
  },
});

/** Three of the suite's events with strictly increasing createdAt, so that a since or until can fall between them. */
async function threeInOrder(ctx: ScenarioContext) {
  const events: any[] = [];
  let since = '';
  for (let attempt = 0; events.length < 3 && attempt < 8; attempt += 1) {
    const triggered = await makeEventsHappen(ctx, 1, TRIGGERS, ['repayment.created']);
    since ||= triggered.since;
    const [event] = (await requireOurEvents(ctx, triggered)).expected;
    const previous = events.at(-1);
    // A target that renders whole seconds needs more than a few milliseconds between them.
    if (previous && !(createdAtOf(event) > createdAtOf(previous) + 1)) {
      await pause(1_100);
      continue;
    }
    events.push(event);
    await pause(15);
  }
  if (events.length < 3) throw new Error('three events made to happen one after another did not get distinct createdAt values');
  return { events: events as [any, any, any], since };
}

const mark = (ids: string[], events: any[]) => events.map((event) => `${event.id}${ids.includes(String(event.id)) ? '+' : '-'}`).join(' ');

const filterTime = defineScenario({
  id: 'events/list/filter-since-until',
  area: 'events',
  requirements: ['EV-LIST-FILTER-SINCE', 'EV-LIST-FILTER-UNTIL'],
  eventTriggers: TRIGGERS,
  async run(ctx) {
    const {
      events: [a, b, c],
    } = await threeInOrder(ctx);
    const since = between(a.attributes.createdAt, b.attributes.createdAt);
    const sinceList = await listAllEvents(ctx, { 'filter[since]': since });
    const sinceIds = idsOf(sinceList.events);
    // Whether an event created exactly at the bound is included is not shown: only the far side of it is judged.
    const early = sinceList.events.filter((event) => !(createdAtOf(event) >= Date.parse(since)));
    ctx.check.expect(
      'EV-LIST-FILTER-SINCE',
      early.length === 0 && sinceIds.includes(String(b.id)) && sinceIds.includes(String(c.id)) && !sinceIds.includes(String(a.id)),
      `filter[since]=${since}: expected only later events (of ${sinceList.events.length} listed), including ${b.id} and ${c.id} but not ${a.id}; ${early.length} earlier ones came, the suite's: ${mark(sinceIds, [a, b, c])}`,
      sinceList.responses,
    );

    const until = between(b.attributes.createdAt, c.attributes.createdAt);
    const query: Query = { 'filter[since]': justBefore(a.attributes.createdAt), 'filter[until]': until };
    const untilList = await listAllEvents(ctx, query);
    const untilIds = idsOf(untilList.events);
    const late = untilList.events.filter((event) => !(createdAtOf(event) <= Date.parse(until)));
    ctx.check.expect(
      'EV-LIST-FILTER-UNTIL',
      late.length === 0 && untilIds.includes(String(a.id)) && untilIds.includes(String(b.id)) && !untilIds.includes(String(c.id)),
      `filter[until]=${until}: expected only earlier events (of ${untilList.events.length} listed), including ${a.id} and ${b.id} but not ${c.id}; ${late.length} later ones came, the suite's: ${mark(untilIds, [a, b, c])}`,
      untilList.responses,
    );
  },
});

export const listFilterScenarios: Scenario[] = [paging, filterType, filterTime];
