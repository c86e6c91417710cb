/* eslint-disable @typescript-eslint/no-explicit-any -- JSON:API documents as the target sends them: read member by member, untyped by nature */
import type { ApiResponse } from '../../harness/targetIO/apiClient.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import { schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';
import {
  describeEventWait,
  EXPECTED_EVENTS_FLOOR_MS,
  type EventWait,
  patienceSpent,
  readEventsPatiently,
  UNEXPECTED_EVENTS_FLOOR_MS,
} from './eventWait.ts';

// Finds the events an action fired through GET /events (section 4.4) with
// filter[type][] and filter[since]; events may become readable some time after the
// action (the documents say nothing of when), so a lookup reads patiently (eventWait.ts).

export interface FoundEvents {
  events: any[];
  responses: ApiResponse[];
  /** How the lookup went: for a message saying how long it looked. */
  wait: EventWait<unknown>;
}

/** A `filter[since]` one second before a target timestamp, so the target's own clock decides. */
export const sinceBefore = (timestamp: string): string => new Date(Date.parse(timestamp) - 1_000).toISOString();

export const relatedTo = (event: any, relationship: string, id: string): boolean => event?.relationships?.[relationship]?.data?.id === id;

/**
 * Whether an event can be traced to this run's application: it names the application, or it names
 * no application (a listed member may be absent: EV-PAYLOAD-LISTED-MEMBERS is a SHOULD) but names
 * one of the run's resources in `known` (e.g. the customer an approval made), and each of those it
 * names is ours. An event naming none of them could be anyone's on a shared target (another
 * tenant's customer.created): it never counts as fired for this application.
 */
export function firedFor(event: any, applicationId: string, known: Readonly<Record<string, string | undefined>> = {}): boolean {
  if (relatedTo(event, 'application', applicationId)) return true;
  if (event?.relationships?.application !== undefined) return false;
  const named = Object.entries(known).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && event?.relationships?.[entry[0]] !== undefined,
  );
  return named.length > 0 && named.every(([relationship, id]) => relatedTo(event, relationship, id));
}

/**
 * Events that name neither an application nor any resource in `known`: what firedFor cannot trace to
 * anyone. Such events of the type looked for leave a missing one undecided (perhaps ours, perhaps a
 * neighbour's): the check SKIPs saying so, never PASSes on them, and FAILs only where there is none.
 */
export const untraceable = (events: any[], known: Readonly<Record<string, string | undefined>> = {}): any[] =>
  events.filter(
    (event) =>
      event?.relationships?.application === undefined &&
      Object.keys(known).every((relationship) => event?.relationships?.[relationship] === undefined),
  );

/** Why a missing event is not judged where untraceable events of its type came (see untraceable). */
export const untraceableReason = (type: string, events: any[], what: string): string =>
  `no ${type} traceable to ${what} was listed, but ${events.length} naming no resource of the run ${events.length === 1 ? 'was' : 'were'} (${events
    .slice(0, 3)
    .map((event) => event.id)
    .join(', ')}): one may be its own, or another tenant's, so whether it fired cannot be told`;

/** Events naming the application first, then those traced by another of the run's resources (firedFor). */
export const namingFirst = (events: any[], applicationId: string): any[] =>
  [...events].sort((a, b) => Number(relatedTo(b, 'application', applicationId)) - Number(relatedTo(a, 'application', applicationId)));

export async function listEvents(ctx: ScenarioContext, types: string[], since: string): Promise<{ events: any[]; response: ApiResponse }> {
  const response = await ctx.api.call('event.list', { query: { 'filter[type][]': types, 'filter[since]': since, 'page[limit]': 1000 } });
  if (response.status !== 200 || !Array.isArray(response.body?.data)) {
    throw new Error(`GET /events answered ${response.status}; the events of this scenario cannot be read`);
  }
  return { events: response.body.data, response };
}

/** Every listed type fired at least once among `events`. */
export const allTypesPresent = (types: string[]) => (events: any[]) => types.every((type) => events.some((event) => event.type === type));

/**
 * Reads until `complete` holds for the events of `types` that satisfy `predicate` (by default:
 * at least one), as patiently as a delivery is awaited (eventWait.ts), and returns what it saw.
 * A lookup that ran out of the scenario's patience while the events kept changing concludes
 * nothing: it throws, so the scenario is UNTESTABLE rather than judged on a guess.
 */
export async function findEvents(
  ctx: ScenarioContext,
  types: string[],
  since: string,
  predicate: (event: any) => boolean,
  complete: (events: any[]) => boolean = (events) => events.length > 0,
  floorMs = EXPECTED_EVENTS_FLOOR_MS,
): Promise<FoundEvents> {
  const matchingOf = (events: any[]) => events.filter((event) => types.includes(event.type) && predicate(event));
  const wait = await readEventsPatiently(ctx, {
    read: () => listEvents(ctx, types, since),
    settled: (read) => complete(matchingOf(read.events)),
    progress: (read) => idsOfEvents(matchingOf(read.events)),
    floorMs,
  });
  if (patienceSpent(wait)) throw new Error(`GET /events of ${types.join(', ')} since ${since} never settled: ${describeEventWait(wait)}`);
  return { events: matchingOf(wait.value.events), responses: [wait.value.response], wait };
}

const idsOfEvents = (events: any[]): string => events.map((event) => String(event?.id)).join(',');

/**
 * Events that must not come (a refused operation's): read until more than `already` of them are
 * listed, or nothing changed for the quiet time (from UNEXPECTED_EVENTS_FLOOR_MS up, longer where
 * the run saw events come late), so one published a moment late by a wrongly accepted call is
 * seen. Gives every matching event of the last read.
 */
export async function watchForEvents(
  ctx: ScenarioContext,
  types: string[],
  since: string,
  predicate: (event: any) => boolean,
  already = 0,
): Promise<any[]> {
  const matchingOf = (events: any[]) => events.filter((event) => types.includes(event.type) && predicate(event));
  const wait = await readEventsPatiently(ctx, {
    read: () => listEvents(ctx, types, since),
    settled: (read) => matchingOf(read.events).length > already,
    progress: (read) => idsOfEvents(matchingOf(read.events)),
    floorMs: UNEXPECTED_EVENTS_FLOOR_MS,
  });
  return matchingOf(wait.value.events);
}

/**
 * GET /events/{id} of each id, read again as patiently as a lookup (eventWait.ts) until every one
 * answers 200: whether an event is fetched by id as soon as it happened (or was listed) is not
 * said (4.4). Gives the last answer for each id; throws, as findEvents does, when the scenario's
 * patience ran out while answers kept changing.
 */
export async function fetchEvents(
  ctx: ScenarioContext,
  ids: readonly string[],
): Promise<{ answers: Map<string, ApiResponse>; wait: EventWait<unknown> }> {
  const answers = new Map<string, ApiResponse>();
  const fetched = () => ids.filter((id) => answers.get(id)?.status === 200);
  const wait = await readEventsPatiently(ctx, {
    read: async () => {
      for (const id of ids) if (answers.get(id)?.status !== 200) answers.set(id, await ctx.api.call('event.get', { params: { id } }));
      return answers;
    },
    settled: () => fetched().length === ids.length,
    progress: () => fetched().join(','),
    floorMs: EXPECTED_EVENTS_FLOOR_MS,
  });
  if (patienceSpent(wait)) throw new Error(`GET /events/{id} of ${ids.join(', ')} never settled: ${describeEventWait(wait)}`);
  return { answers, wait };
}

/** Where an event departs from its Event Catalog schema (schemas/events/), as short messages; empty when it matches. */
export function eventShapeProblems(event: unknown): string[] {
  const result = schemaRegistry().validateEvent(event);
  return result.violations.slice(0, 3).map((violation) => violation.message);
}
