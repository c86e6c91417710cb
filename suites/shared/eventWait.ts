import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import { waitOnTarget } from '../../harness/records/runMetrics.ts';
import { DeliveryLatency } from '../../harness/targetIO/deliveryLatency.ts';
import { pauseAfterRead, timedRead } from '../../harness/targetIO/pollCadence.ts';
import { nowMs, patienceEnd, quietMs } from './deliveryWait.ts';

// Reading GET /events (or GET /events/{id}) until what a scenario looks for is there,
// as the delivery waits wait (deliveryWait.ts): the documents say nothing of when an
// event becomes readable (4.4), so a lookup is never a fixed guess. It reads on while
// the target makes progress (what it reads keeps changing), ends once nothing changed
// for the quiet time, which is the caller's floor or twice the longest the run has
// seen deliveries or events come late, whichever is longer, and in any case once the
// scenario's patience (the manifest's deliveryPatienceMs) is spent. Each lookup that
// had to wait is a measurement for the next ones.

/** How often a lookup reads at most. */
export const EVENT_POLL_MS = 250;
/** The least quiet time a lookup waits for events it expects (the first lookup of a run has nothing measured yet). */
export const EXPECTED_EVENTS_FLOOR_MS = 10_000;
/** The least quiet time a lookup waits for events that must not come (a refused operation's), before the run measured more. */
export const UNEXPECTED_EVENTS_FLOOR_MS = 1_000;

export interface EventWait<T> {
  /** The last read. */
  value: T;
  /** Whether what was looked for is there. */
  settled: boolean;
  waitedMs: number;
  reads: number;
  /** What ended a wait that did not settle: nothing changed for the quiet time, or the scenario's patience was spent. */
  ranOut?: { quietMs: number } | { patienceMs: number };
}

/** How late this run's events became readable, per session (its sink): one measure for the lookups of every scenario. */
const readability = new WeakMap<object, DeliveryLatency>();

function eventLatency(ctx: ScenarioContext): DeliveryLatency {
  let latency = readability.get(ctx.sink);
  if (!latency) readability.set(ctx.sink, (latency = new DeliveryLatency()));
  return latency;
}

/** The quiet time of an event lookup: `floorMs`, or more where deliveries or events came later. */
export const eventQuietMs = (ctx: ScenarioContext, floorMs: number): number =>
  Math.max(quietMs(ctx, floorMs), eventLatency(ctx).quietMs(floorMs));

export interface EventRead<T> {
  /** One read of what is looked for. */
  read: () => Promise<T>;
  /** Whether the read holds what is looked for. */
  settled: (value: T) => boolean;
  /** What the read shows of the target's progress: a change from one read to the next is progress. */
  progress: (value: T) => string;
  /** The least quiet time (EXPECTED_EVENTS_FLOOR_MS, UNEXPECTED_EVENTS_FLOOR_MS). */
  floorMs: number;
}

/** Reads until `settled` holds, or nothing changed for the quiet time, or the scenario's patience is spent; never throws for a miss. */
export async function readEventsPatiently<T>(ctx: ScenarioContext, lookup: EventRead<T>): Promise<EventWait<T>> {
  const started = nowMs();
  let lastProgress = started;
  let seen: string | undefined;
  for (let reads = 1; ; reads += 1) {
    const { value, readMs } = await timedRead(lookup.read);
    const outcome = (ranOut?: EventWait<T>['ranOut']): EventWait<T> => ({
      value,
      settled: ranOut === undefined,
      waitedMs: nowMs() - started,
      reads,
      ...(ranOut ? { ranOut } : {}),
    });
    if (lookup.settled(value)) {
      // A lookup that found at once measured nothing but its own read.
      if (reads > 1) eventLatency(ctx).note(nowMs() - started);
      return outcome();
    }
    const shown = lookup.progress(value);
    if (seen !== undefined && shown !== seen) lastProgress = nowMs();
    seen = shown;
    const quiet = eventQuietMs(ctx, lookup.floorMs);
    const end = patienceEnd(ctx);
    const left = Math.min(lastProgress + quiet, end) - nowMs();
    if (left <= 0) return outcome(lastProgress + quiet <= end ? { quietMs: quiet } : { patienceMs: ctx.target.deliveryPatienceMs });
    await waitOnTarget(Math.min(left, pauseAfterRead(EVENT_POLL_MS, readMs)));
  }
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** What a lookup that did not settle went through, for a check message or an untestable reason. */
export function describeEventWait(wait: EventWait<unknown>): string {
  const end =
    wait.ranOut && 'patienceMs' in wait.ranOut
      ? `the scenario's patience (${seconds(wait.ranOut.patienceMs)}, deliveryPatienceMs) ran out`
      : `nothing changed for ${seconds(wait.ranOut?.quietMs ?? 0)}`;
  return `read ${wait.reads} times over ${seconds(wait.waitedMs)}; ${end}`;
}

/** Whether the wait ended on the scenario's patience (the target still changing): nothing can be concluded then. */
export const patienceSpent = (wait: EventWait<unknown>): boolean => wait.ranOut !== undefined && 'patienceMs' in wait.ranOut;
