import type { ApiResponse } from '../../harness/targetIO/apiClient.ts';
import { injectEvents } from '../shared/eventInjection.ts';
import {
  defineScenario,
  type EventTriggerKind,
  type Scenario,
  type ScenarioContext,
  triggerAvailable,
} from '../../harness/engine/scenario.ts';
import { eventTypeEntry } from '../../contract/catalogue/schemaRegistry.ts';
import { DOCUMENTED_FIRES, makeEventsHappen } from '../shared/eventTriggers.ts';
import { checkEventShape, injectableTypes, LISTED_MEMBERS_REQUIREMENT, SECTION_REQUIREMENTS } from '../shared/catalogueChecks.ts';
import { fetchEvents } from '../shared/eventLookup.ts';
import { listEvents } from './eventLists.ts';
import { requireOurEvents } from './ourEvents.ts';

// The Event Catalog, one section at a time. With eventInjection every type and
// form of the section is published and fetched. Without it, the events the
// target already holds are judged: a lived-in sandbox keeps up to 90 days of
// events of many types (cards, payments, accounts…) that no operation of the
// suite produces. A section with no event in that history is judged on events a
// documented operation fires, where one fires a type of it, and SKIPped otherwise.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Pages of 1000 read per section: a sample large enough to meet every type a sandbox holds. */
const HISTORY_PAGES = 5;
/** GET only events younger than this, so none ages out of the 90-day window between list and get. */
const FETCHABLE_AGE_MS = 89 * DAY_MS;
const FAILURES_PER_TYPE = 3;

interface Section {
  requirement: string;
  name: string;
  forms: ReturnType<typeof injectableTypes>;
  /** Every spelling of every type with a shown payload. */
  types: string[];
}

function sectionOf(requirement: string): Section {
  const forms = injectableTypes().filter((form) => form.requirement === requirement);
  const name = Object.entries(SECTION_REQUIREMENTS)
    .find(([, id]) => id === requirement)![0]
    .replace('Event Catalog: ', '');
  const types = [...new Set(forms.flatMap((form) => [form.type, ...(eventTypeEntry(form.type)?.alsoSpelled ?? [])]))];
  return { requirement, name, forms, types };
}

async function judgeInjected(ctx: ScenarioContext, section: Section): Promise<void> {
  const injected: Array<{ form: Section['forms'][number]; id: string }> = [];
  for (const form of section.forms) {
    const [event] = await injectEvents(ctx.control, { type: form.type, ...(form.variant ? { variant: form.variant } : {}) });
    injected.push({ form, id: event!.id });
  }
  // Fetched once all are published, together: a target that makes them readable late is waited for once.
  const { answers } = await fetchEvents(
    ctx,
    injected.map((event) => event.id),
  );
  for (const { form, id } of injected) {
    const response = answers.get(id)!;
    const data = response.body?.data;
    ctx.check.expect(
      'EV-GET',
      response.status === 200 && String(data?.id) === id && data?.type === form.type,
      `GET /events/{id}: expected 200 with the event; for ${form.type} ${id} got ${response.status} with ${data?.type} ${data?.id}`,
      response,
    );
    if (response.status === 200)
      checkEventShape(ctx, data, `GET /events/{id}${form.variant ? ` (${form.variant} form)` : ''}`, response, section.requirement);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- events as the target lists them, untyped by nature
type Listed = { event: any; response: ApiResponse };

/** Events of the section's types the target holds, up to HISTORY_PAGES pages; only those of its types, whatever the filter did. */
async function readHistory(ctx: ScenarioContext, section: Section): Promise<Listed[]> {
  const found: Listed[] = [];
  for (let page = 0; page < HISTORY_PAGES; page += 1) {
    const { events, response } = await listEvents(ctx, {
      'filter[type][]': section.types,
      'page[limit]': 1000,
      'page[offset]': page * 1000,
    });
    for (const event of events) if (section.types.includes(event?.type)) found.push({ event, response });
    if (events.length < 1000) break;
  }
  return found;
}

/** A documented trigger the target offers that fires a type of this section. */
function triggerFor(ctx: ScenarioContext, section: Section): EventTriggerKind | undefined {
  return (Object.entries(DOCUMENTED_FIRES) as Array<[EventTriggerKind, string]>).find(
    ([kind, type]) => section.types.includes(type) && triggerAvailable(kind, ctx.target),
  )?.[0];
}

/** The newest event of each type, when young enough to be fetched: GET /events/{id} MUST give back the listed event. */
async function fetchNewestOfEachType(ctx: ScenarioContext, section: Section, listed: readonly Listed[]): Promise<void> {
  const newest = new Map<string, Listed>();
  for (const item of listed) {
    const current = newest.get(item.event.type);
    if (!current || Date.parse(item.event.attributes?.createdAt) > Date.parse(current.event.attributes?.createdAt))
      newest.set(item.event.type, item);
  }
  // The target's clock (its Date header) decides the age; an event about to leave the window is not fetched.
  const young = [...newest.values()].filter(({ event, response: listing }) => {
    const now = Date.parse(listing.headers.date ?? '') || Date.now();
    return now - Date.parse(event.attributes?.createdAt) < FETCHABLE_AGE_MS;
  });
  if (young.length === 0) return;
  const { answers } = await fetchEvents(
    ctx,
    young.map(({ event }) => String(event.id)),
  );
  for (const { event } of young) {
    const response = answers.get(String(event.id))!;
    const data = response.body?.data;
    ctx.check.expect(
      'EV-GET',
      response.status === 200 && String(data?.id) === String(event.id) && data?.type === event.type,
      `GET /events/{id}: expected 200 with the listed event; for ${event.type} ${event.id} got ${response.status} with ${data?.type} ${data?.id}`,
      response,
    );
    if (response.status === 200) checkEventShape(ctx, data, `GET /events/{id} of a listed ${event.type}`, response, section.requirement);
  }
}

async function judgeHeld(ctx: ScenarioContext, section: Section): Promise<void> {
  let listed = await readHistory(ctx, section);
  let where = `GET /events (the target's history: ${listed.length} events of this section)`;
  if (listed.length === 0) {
    const trigger = triggerFor(ctx, section);
    if (!trigger) {
      const reason =
        `the target holds no event of catalogue section "${section.name}" (${section.types.join(', ')}) in its 90-day history, ` +
        'no documented operation the target offers fires one, and it does not claim eventInjection';
      for (const id of [section.requirement, LISTED_MEMBERS_REQUIREMENT, 'EV-GET', 'EV-RESOURCE-SHAPE']) ctx.check.skip(id, reason);
      return;
    }
    const triggered = await makeEventsHappen(ctx, 1, [trigger]);
    const observed = await requireOurEvents(ctx, triggered);
    listed = observed.ours
      .filter((event) => section.types.includes(event.type))
      .map((event) => ({ event, response: observed.responses.at(-1)! }));
    where = `GET /events (events fired by ${trigger}, the history holding none of this section)`;
  }
  // A target that renders a type wrongly renders every event of it wrongly: a few failures per type tell it.
  const failures = new Map<string, number>();
  for (const { event, response } of listed) {
    if ((failures.get(event.type) ?? 0) >= FAILURES_PER_TYPE) continue;
    if (!checkEventShape(ctx, event, where, response, section.requirement)) failures.set(event.type, (failures.get(event.type) ?? 0) + 1);
  }
  await fetchNewestOfEachType(ctx, section, listed);
}

function sectionScenario(requirement: string): Scenario {
  const section = sectionOf(requirement);
  return defineScenario({
    id: `events/catalogue/${requirement.replace(/^EV-CATALOGUE-/, '').toLowerCase()}`,
    area: 'events',
    requirements: [requirement, LISTED_MEMBERS_REQUIREMENT, 'EV-GET', 'EV-RESOURCE-SHAPE'],
    async run(ctx) {
      if (ctx.control.has('eventInjection')) await judgeInjected(ctx, section);
      else await judgeHeld(ctx, section);
    },
  });
}

const sections = [...new Set(injectableTypes().map((form) => form.requirement))];

export const catalogueScenarios: Scenario[] = sections.map(sectionScenario);
