import type { ApiResponse } from '../../harness/targetIO/apiClient.ts';
import { pauseAfterRead, timedRead } from '../../harness/targetIO/pollCadence.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import type { TriggeredEvents } from '../shared/eventTriggers.ts';
import { pause } from '../shared/webhookFixtures.ts';
import { listAllEvents } from './eventLists.ts';

// Finding the events a scenario made happen among everyone else's on a shared
// target: GET /events from the trigger's `since`, kept to what the trigger says
// is ours. A documented trigger's events may be listed a little after the
// operation answered, so the lookup waits for them, within a bound.

/** How often an event lookup reads GET /events at most. */
export const POLL_MS = 250;
export const OBSERVE_WAIT_MS = 10_000;

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

/** Lists from `since` until every expected event is there, or `waitMs` passed; never throws for a missing one. */
export async function observeOurEvents(
  ctx: ScenarioContext,
  triggered: TriggeredEvents,
  waitMs = OBSERVE_WAIT_MS,
): Promise<ObservedEvents> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { value, readMs } = await timedRead(() => listAllEvents(ctx, { 'filter[since]': triggered.since }));
    const observed = match(triggered, value.events, value.responses);
    if (observed.missing.length === 0 || Date.now() >= deadline) return observed;
    await pause(pauseAfterRead(POLL_MS, readMs));
  }
}

/** As observeOurEvents, but a scenario that builds on these events cannot go on without them: throws naming the missing ones. */
export async function requireOurEvents(
  ctx: ScenarioContext,
  triggered: TriggeredEvents,
  waitMs = OBSERVE_WAIT_MS,
): Promise<ObservedEvents> {
  const observed = await observeOurEvents(ctx, triggered, waitMs);
  if (observed.missing.length > 0) {
    throw new Error(
      `GET /events from ${triggered.since} did not list, within ${waitMs / 1000} s, ${observed.missing.slice(0, 3).join('; ')}${observed.missing.length > 3 ? ` and ${observed.missing.length - 3} more` : ''}`,
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
