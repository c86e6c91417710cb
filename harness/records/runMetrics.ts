import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

// What a run knows about its own time: the documented calls it made, the 429s it
// waited out, each scenario's longest chain of dependent calls and the time it
// waited on the target's own clock, and the concurrency it ran at. A remote run
// can finish no sooner than its longest chain × the latency plus those waits (the
// floor), so these say whether a slow run is the target's doing or the suite's.
// Each scenario has its own meter, found through the async context it runs in, so
// the API client, the sink and the suites' pauses count without being handed one.

export interface RetriedAfter429 {
  count: number;
  waitedMs: number;
}

/** The concurrency limit over the run: where it started, its least and most, and where it ended. */
export interface ConcurrencyUse {
  start: number;
  min: number;
  peak: number;
  final: number;
  /** How often the limit changed (0 for a fixed --concurrency). */
  changes: number;
}

/** The pace the run learned from the target's 429s (harness/targetIO/learnedPace.ts). */
export interface PacingUse {
  /** The pace at the end, in calls per second; absent where the run ended unpaced. */
  perSecond?: number;
  /** The least pace it was set to. */
  least: number;
  /** How often the pace was set, cut, raised or lifted. */
  changes: number;
  /** Whether the 429s were found to come by count, not rate: pacing did not lower them, so it was lifted. */
  byCount: boolean;
}

/** One scenario's share, carried back with its check records. */
export interface ScenarioMetrics {
  calls: number;
  /**
   * Its longest chain of dependent calls: those of its own, each started after the one before it
   * ended, plus the longest of its lanes' chains (a lane's calls depend on nothing in another lane).
   */
  chainCalls: number;
  /** The lane on that chain ("lane 3 of 8"), where the scenario ran lanes. */
  chain?: string;
  retriedAfter429: RetriedAfter429;
  targetWaitMs: number;
  /** The run's concurrency when the scenario finished: the last one to finish has the run's. */
  concurrency: ConcurrencyUse;
  /** The run's pace when the scenario finished, where a 429 had set one. */
  pacing?: PacingUse;
}

/** The run's figures, in results.json. */
export interface RunMetrics {
  calls: number;
  retriedAfter429: RetriedAfter429;
  criticalPath: { scenarioId: string; chain?: string; calls: number; targetWaitMs: number };
  targetWaitMs: number;
  concurrency: ConcurrencyUse;
  /** Where the target's 429s set a pace. */
  pacing?: PacingUse;
}

/**
 * The longest chain of calls where each starts after the one before ended: calls that overlap in
 * time were sent together, so they depend on nothing between them. Earliest end first is optimal.
 */
export function longestChain(spans: readonly (readonly [number, number])[]): number {
  let chain = 0;
  let lastEnd = Number.NEGATIVE_INFINITY;
  for (const [start, end] of [...spans].sort((a, b) => a[1] - b[1])) {
    if (start < lastEnd) continue;
    chain += 1;
    lastEnd = end;
  }
  return chain;
}

/** The concurrency limit as the scheduler sets it; an adaptive limiter tells it each change. */
export class ConcurrencyMeter {
  private readonly use: ConcurrencyUse;

  constructor(start: number) {
    this.use = { start, min: start, peak: start, final: start, changes: 0 };
  }

  concurrencyChanged(limit: number): void {
    if (limit === this.use.final) return;
    this.use.final = limit;
    this.use.min = Math.min(this.use.min, limit);
    this.use.peak = Math.max(this.use.peak, limit);
    this.use.changes += 1;
  }

  snapshot(): ConcurrencyUse {
    return { ...this.use };
  }
}

/** One scenario's calls and waits. */
export class ScenarioMeter {
  private readonly spans: [number, number][] = [];
  /** The calls of each lane, by its name: independent of every other lane's. */
  private readonly laneSpans = new Map<string, [number, number][]>();
  private readonly retried: RetriedAfter429 = { count: 0, waitedMs: 0 };
  private waitedMs = 0;

  callMade(startMs: number, endMs: number, lane?: string): void {
    if (lane === undefined) return void this.spans.push([startMs, endMs]);
    const spans = this.laneSpans.get(lane) ?? [];
    spans.push([startMs, endMs]);
    this.laneSpans.set(lane, spans);
  }

  /** The calls made so far on the chain a call of `lane` would extend: the scenario's own, and the lane's. */
  chainSoFar(lane?: string): number {
    return this.spans.length + (lane === undefined ? 0 : (this.laneSpans.get(lane)?.length ?? 0));
  }

  retriedAfter429(waitMs: number): void {
    this.retried.count += 1;
    this.retried.waitedMs += waitMs;
  }

  waitedOnTarget(ms: number): void {
    this.waitedMs += ms;
  }

  summary(concurrency: ConcurrencyUse, pacing?: PacingUse): ScenarioMetrics {
    // The scenario's own calls come before its lanes start and after they end: the lanes' chains sit between them.
    let longestLane: { name: string; calls: number } | undefined;
    let laneCalls = 0;
    for (const [name, spans] of this.laneSpans) {
      laneCalls += spans.length;
      const calls = longestChain(spans);
      if (!longestLane || calls > longestLane.calls) longestLane = { name, calls };
    }
    return {
      calls: this.spans.length + laneCalls,
      chainCalls: longestChain(this.spans) + (longestLane?.calls ?? 0),
      ...(longestLane ? { chain: longestLane.name } : {}),
      retriedAfter429: { ...this.retried },
      targetWaitMs: Math.round(this.waitedMs),
      concurrency,
      ...(pacing ? { pacing } : {}),
    };
  }
}

/** A scenario's figures with those of its run again alone added: its calls were made too, but its chain stays the first run's. */
export function withRerun(metrics: ScenarioMetrics, rerun: ScenarioMetrics): ScenarioMetrics {
  return {
    ...metrics,
    calls: metrics.calls + rerun.calls,
    retriedAfter429: {
      count: metrics.retriedAfter429.count + rerun.retriedAfter429.count,
      waitedMs: metrics.retriedAfter429.waitedMs + rerun.retriedAfter429.waitedMs,
    },
    targetWaitMs: metrics.targetWaitMs + rerun.targetWaitMs,
  };
}

const current = new AsyncLocalStorage<ScenarioMeter>();
const currentLane = new AsyncLocalStorage<string>();

/** Runs a scenario with its meter: what it does inside, however deep, is counted there. */
export const metered = <T>(meter: ScenarioMeter, work: () => Promise<T>): Promise<T> => current.run(meter, work);

/**
 * Runs one of a scenario's independent lanes (work on its own resources, depending on nothing the
 * other lanes do): its calls make a chain of their own, so the lanes side by side are not one long chain.
 */
export const inLane = <T>(name: string, work: () => Promise<T>): Promise<T> => currentLane.run(name, work);

/** A documented call sent, on performance.now()'s clock; outside a metered scenario nothing is counted. */
export const callMade = (startMs: number, endMs: number): void => current.getStore()?.callMade(startMs, endMs, currentLane.getStore());
export const retriedAfter429 = (waitMs: number): void => current.getStore()?.retriedAfter429(waitMs);
/** How long the chain the next call here extends already is (0 outside a metered scenario). */
export const chainSoFar = (): number => current.getStore()?.chainSoFar(currentLane.getStore()) ?? 0;
export const waitedOnTarget = (ms: number): void => current.getStore()?.waitedOnTarget(ms);

/** A pause for the target's own clock (a delivery, a backoff, a list settling), counted as such. */
export async function waitOnTarget(ms: number): Promise<void> {
  const started = performance.now();
  await sleep(ms);
  waitedOnTarget(performance.now() - started);
}

/** Counts the time until `waiting` settles as time waited on the target. */
export async function timedWaitOnTarget<T>(waiting: Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await waiting;
  } finally {
    waitedOnTarget(performance.now() - started);
  }
}
