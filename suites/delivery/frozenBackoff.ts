import { ControlError } from '../../harness/targetIO/controlClient.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import type { SinkDelivery, SinkEndpoint } from '../../harness/targetIO/webhookSink.ts';
import { waitOnTarget } from '../../harness/records/runMetrics.ts';
import { noteDeliveryDelay, quietMs } from '../shared/deliveryWait.ts';
import { CAP_SECONDS } from './fibonacciFit.ts';
import { scaleClock } from './modeScenarios.ts';

// Backoff measured in the target's own time (API 6.1, 8). On a clock the suite can
// freeze (scale 0) that also says how many timers wait on it, time moves only when
// this code moves it: after each failed attempt it waits until the target has
// scheduled the retry, then advances the clock in steps of a few per cent until
// the retry falls due. Each pause is then known to within one step whatever the
// machine is doing; real time only bounds how long an answer may take to travel.
// The clock is never stepped while an attempt may be on its way: after a step that
// made a timer fall due, the attempt is waited for as long as the run has seen
// deliveries take (suites/shared/deliveryWait.ts). Should one come later all the
// same, the steps made meanwhile may have run down its next pause too: that pause
// gets them as uncertainty, never as time the target did not wait.

/** How the clock is stepped, in target time. */
const STEPS = {
  /** Each step adds this share of the time advanced so far: the relative resolution of a pause. */
  growth: 0.05,
  firstMs: 50,
  /** No retry this long after a failure: the 1-hour cap is certainly broken. */
  ceilingMs: 1.5 * CAP_SECONDS * 1000,
};

/** How long, in real time, to wait for what must come. */
const REAL_TIME = {
  /** A loopback answer travelling; longer where the run saw deliveries come later. */
  answerMs: 10_000,
  /**
   * The target scheduling a retry once the sink has answered (a loopback answer, then a
   * timer): past it the target is taken to have given up on the batch, and the steps
   * show whether a retry comes all the same.
   */
  scheduleMs: 3000,
  /**
   * After a step that fired a timer, how long at least to wait for the batch's attempt
   * before stepping on (twice the longest delivery delay the run has seen, when longer):
   * the timer may have been another webhook's. An attempt that comes later is still
   * counted, with the pause widened to every step since that one (still true, only less
   * precise), so a busy machine or a slow target costs precision, never the verdict.
   */
  firedMs: 250,
  pollMs: 2,
};

export interface FrozenPause {
  /** Position in the retry sequence: 0 is the pause before the first retry. */
  position: number;
  /** The retry fell due after more than lower and at most upper target seconds. */
  lowerSeconds: number;
  upperSeconds: number;
  /**
   * Another webhook's timer fired in an earlier step and this attempt came only after a
   * later one, or steps were made while the attempt before was on its way: the bounds
   * span every step that may belong to it (true, but too wide to fit).
   */
  widened?: true;
}

export interface FrozenMeasurement {
  pauses: FrozenPause[];
  /** The attempt after which no retry came within the ceiling. */
  noRetryAfter?: { attempt: number; waitedSeconds: number };
}

/** Freezes the target's clock for this scenario; false where the target cannot freeze it or count its timers. */
export async function freezeClock(ctx: ScenarioContext): Promise<boolean> {
  if (typeof (await ctx.control.clock()).timers !== 'number') return false;
  try {
    await scaleClock(ctx, 0);
    return true;
  } catch (error) {
    if (error instanceof ControlError) return false;
    throw error;
  }
}

export async function timersWaiting(ctx: ScenarioContext): Promise<number> {
  return (await ctx.control.clock()).timers ?? 0;
}

const sleep = waitOnTarget;

/** The first value `probe` finds within the answer bound. */
async function pollFor<T>(probe: () => Promise<T | undefined> | T | undefined, boundMs = REAL_TIME.answerMs): Promise<T | undefined> {
  const until = performance.now() + boundMs;
  while (performance.now() < until) {
    const found = await probe();
    if (found !== undefined) return found;
    await sleep(REAL_TIME.pollMs);
  }
  return undefined;
}

/** More timers wait than `known`: the retry of the failed attempt is scheduled. */
const retryScheduled = (ctx: ScenarioContext, known: number): Promise<number | undefined> =>
  pollFor(async () => {
    const timers = await timersWaiting(ctx);
    return timers > known ? timers : undefined;
  }, REAL_TIME.scheduleMs);

/** Where stepping starts: from the third pause on, half the Fibonacci sum of the two before (or of the cap). */
function firstStepMs(pauses: readonly FrozenPause[]): number {
  if (pauses.length < 2) return STEPS.firstMs;
  const mid = (pause: FrozenPause) => (pause.lowerSeconds + pause.upperSeconds) / 2;
  const expected = Math.min(mid(pauses.at(-1)!) + mid(pauses.at(-2)!), CAP_SECONDS);
  return Math.max(STEPS.firstMs, (expected * 1000) / 2);
}

/** Real time as the sink stamps arrivals. */
const nowMs = (): number => performance.timeOrigin + performance.now();

/** One step of the clock, in real time and in target time. */
interface Step {
  startedAt: number;
  doneAt: number;
  ms: number;
  fired: boolean;
}

/**
 * Target time the steps of one pause may have moved the clock after `attempt` was on
 * its way: those answered after it reached the sink, but for the ones that made a timer
 * fall due before it came (one of them sent it). The next pause may have run down by
 * that much before it was counted.
 */
const stepsAfterArrival = (steps: readonly Step[], attempt: SinkDelivery): number =>
  steps
    .filter((step) => step.startedAt >= attempt.receivedAt || (step.doneAt > attempt.receivedAt && !step.fired))
    .reduce((sum, step) => sum + step.ms, 0);

/**
 * The pauses between the attempts of the batch `attempts()` returns (the first has
 * arrived), until `enough` says so or no retry comes. `timers` is the count of timers
 * that waited on the clock before the first attempt was made.
 */
export async function measureOnFrozenClock(
  ctx: ScenarioContext,
  endpoint: SinkEndpoint,
  attempts: () => SinkDelivery[],
  timers: number,
  enough: (pauses: readonly FrozenPause[], attempts: number) => boolean,
): Promise<FrozenMeasurement> {
  const pauses: FrozenPause[] = [];
  /** Target time this pause may have run down before it was counted (steps made while its attempt was on its way). */
  let uncounted = 0;
  for (let attempt = 1; ; attempt += 1) {
    if (!(await pollFor(() => attempts()[attempt - 1]?.finishedAt, quietMs(ctx, REAL_TIME.answerMs))))
      throw new Error(`the sink never finished answering attempt ${attempt}`);
    if (enough(pauses, attempt)) return { pauses };
    // A target that gave up on the batch schedules nothing: the steps below then show that no retry comes.
    timers = (await retryScheduled(ctx, timers)) ?? timers;
    const retried = () => attempts().length > attempt;
    const steps: Step[] = [];
    let advanced = 0;
    // Where the first step that fired a timer since this attempt began: the retry fell due after it.
    let firedFrom: number | undefined;
    let lastFiredFrom: number | undefined;
    let lastFiredStepMs = 0;
    let firedAt = 0;
    // The retry fell due within a step that fired a timer: steps made after the last such
    // step, while the retry was still on its way, fired nothing and bound nothing.
    const pause = (): FrozenPause => ({
      position: attempt - 1,
      lowerSeconds: (firedFrom ?? 0) / 1000,
      upperSeconds: ((lastFiredFrom === undefined ? advanced : lastFiredFrom + lastFiredStepMs) + uncounted) / 1000,
      ...(firedFrom !== lastFiredFrom || uncounted > 0 ? { widened: true as const } : {}),
    });
    /** The attempt that ends this pause came: measured, and what the steps may have taken from the next pause noted. */
    const retryCame = (): void => {
      pauses.push(pause());
      const retry = attempts()[attempt]!;
      if (lastFiredFrom !== undefined) noteDeliveryDelay(ctx, retry.receivedAt - firedAt);
      uncounted = stepsAfterArrival(steps, retry);
    };
    for (;;) {
      if (advanced >= STEPS.ceilingMs) {
        // A retry already fired may still be travelling: it gets as long as deliveries have taken.
        if (firedFrom !== undefined && (await endpoint.waitFor(retried, quietMs(ctx, REAL_TIME.answerMs)))) {
          retryCame();
          break;
        }
        return { pauses, noRetryAfter: { attempt, waitedSeconds: advanced / 1000 } };
      }
      const step = advanced === 0 ? firstStepMs(pauses) : Math.max(STEPS.firstMs, advanced * STEPS.growth);
      const startedAt = nowMs();
      const state = await ctx.control.advanceClock(step);
      const fired = (state.fired ?? 0) > 0;
      steps.push({ startedAt, doneAt: nowMs(), ms: step, fired });
      if (fired) {
        firedFrom ??= advanced;
        lastFiredFrom = advanced;
        lastFiredStepMs = step;
        firedAt = nowMs();
      }
      advanced += step;
      timers = state.timers ?? timers;
      // A timer of someone else's webhook may fall due too: only an attempt carrying the batch counts.
      if (firedFrom !== undefined && (retried() || (fired && (await endpoint.waitFor(retried, quietMs(ctx, REAL_TIME.firedMs)))))) {
        retryCame();
        break;
      }
    }
  }
}
