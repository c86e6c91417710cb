import type { ApiResponse } from '../../harness/targetIO/apiClient.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import type { TriggeredEvents } from '../shared/eventTriggers.ts';
import { describeEventWait, EXPECTED_EVENTS_FLOOR_MS, type EventWait, readEventsPatiently } from '../shared/eventWait.ts';
import { idsOf, listAllEvents } from './eventLists.ts';

// Finding the events a scenario made happen among everyone else's on a shared
// target: GET /events from the trigger's `since`, kept to what the trigger says
// is ours. A trigger's events may be listed some time after the operation
// answered (the documents say nothing of when), so the lookup reads patiently.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- events as the target lists them, untyped by nature
type Listed = any;

export interface ObservedEvents {
  /** For each expected event, in the trigger's order, the listed event matching it (undefined if never listed). */
  expected: Array<Listed | undefined>;
  /** Every listed event the trigger made happen, in listed order. */
  ours: Listed[];
  /** Everything listed from `since` in the last read (others' events too), in listed order. */
  listed: Listed[];
  responses: ApiResponse[];
  /** Expected events that were never listed, described for messages. */
  missing: string[];
}

/** Merges triggers run one after another into one: ours if any made it happen, since the earliest. */
export function combineTriggered(batches: readonly TriggeredEvents[]): TriggeredEvents {
  const first = batches[0];
  if (!first) throw new Error('no events were made to happen');
  return {
    via: first.via,
    expected: batches.flatMap((batch) => batch.expected),
    isOurs: (event) => batches.some((batch) => batch.isOurs(event)),
    knownIds: batches.flatMap((batch) => batch.knownIds),
    since: batches.map((batch) => batch.since).sort((a, b) => Date.parse(a) - Date.parse(b))[0]!,
  };
}

function match(triggered: TriggeredEvents, listed: Listed[], responses: ApiResponse[]): ObservedEvents {
  const expected = triggered.expected.map((wanted) => listed.find((event) => wanted.matches(event)));
  const seen = new Set<string>();
  const ours = listed.filter((event) => {
    const id = String(event.id);
    if (seen.has(id) || !triggered.isOurs(event)) return false;
    seen.add(id);
    return true;
  });
  const missing = triggered.expected
    .filter((_, index) => expected[index] === undefined)
    .map((wanted) => `${wanted.type} (${wanted.because})`);
  return { expected, ours, listed, responses, missing };
}

/**
 * Lists from `since` until every expected event is there, read as patiently as a delivery is
 * awaited (suites/shared/eventWait.ts); never throws for a missing one. `wait` says how it went.
 */
export async function observeOurEvents(
  ctx: ScenarioContext,
  triggered: TriggeredEvents,
): Promise<ObservedEvents & { wait: EventWait<unknown> }> {
  const wait = await readEventsPatiently(ctx, {
    read: () => listAllEvents(ctx, { 'filter[since]': triggered.since }),
    settled: (read) => match(triggered, read.events, read.responses).missing.length === 0,
    // Ours listed so far: one more is the target making progress (others' events are not ours to wait on).
    progress: (read) => idsOf(match(triggered, read.events, read.responses).ours).join(','),
    floorMs: EXPECTED_EVENTS_FLOOR_MS,
  });
  return { ...match(triggered, wait.value.events, wait.value.responses), wait };
}

/**
 * As observeOurEvents, but a scenario that builds on these events cannot go on without them: throws
 * naming the missing ones (the scenario is UNTESTABLE; what is owed is judged where it is required).
 */
export async function requireOurEvents(ctx: ScenarioContext, triggered: TriggeredEvents): Promise<ObservedEvents> {
  const observed = await observeOurEvents(ctx, triggered);
  if (observed.missing.length > 0) {
    throw new Error(
      `GET /events from ${triggered.since} did not list ${observed.missing.slice(0, 3).join('; ')}${observed.missing.length > 3 ? ` and ${observed.missing.length - 3} more` : ''} (${describeEventWait(observed.wait)})`,
    );
  }
  return observed;
}

/** The latest createdAt among these events, as the target rendered it. */
export function latestCreatedAt(events: readonly Listed[]): string {
  const latest = events
    .map((event) => String(event?.attributes?.createdAt))
    .filter((at) => Number.isFinite(Date.parse(at)))
    .sort((a, b) => Date.parse(a) - Date.parse(b))
    .at(-1);
  if (!latest) throw new Error('none of the events carries attributes.createdAt, so no time window can be drawn around them');
  return latest;
}
