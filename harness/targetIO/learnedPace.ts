import type { PacingUse } from '../records/runMetrics.ts';

// A sandbox limits by rate more often than it states the rate. Hitting the limit and waiting out
// each 429 gets a run through, but every refused call spends the quota of everyone on a shared
// sandbox. So from the first 429 on, the run learns the rate the target bears: once it refuses,
// a limiter by rate has nothing left over, so the calls it accepts from then until a later 429
// come at its rate. The run then sends its calls evenly spaced just under it; a 429 to a call sent at
// the learned pace cuts it, and a pace that has held for a while is tried a little higher, so a
// guess that came out low does not hold the run back. A limit by count (every Nth call refused
// whatever the rate) is told apart by trial: where the share of 429s did not fall once the calls
// were paced, pacing is undone for the rest of the run (the 429s are only waited out), as
// harness/targetIO/adaptiveConcurrency.ts takes a share of 429s that a cut did not lower.
// Only the logic lives here, with no clock and no I/O: harness/targetIO/callGate.ts tells it when
// each call goes and how it was answered, and asks it how long the next one must wait.

/** The rate is learned from the calls accepted between two 429s at least this far apart… */
export const LEARNING_SPAN_MS = 2_000;
/** …and at most this far: 429s further apart are not one spell of the limit, and learning starts again. */
const LONGEST_SPAN_MS = 10_000;
/** The pace is set this far under the rate learned… */
const UNDER_LEARNED = 0.9;
/** …cut to this share of itself on a 429 to a call sent at that pace… */
const CUT = 0.8;
/** …and tried this much higher once it has held, binding, for PROBE_AFTER_MS. */
const PROBE = 1.1;
export const PROBE_AFTER_MS = 10_000;
/**
 * A limit by rate refuses only calls that come faster than it: a 429 to a call sent under this share of the rate
 * learned is no such limit's (a limit by count, which a neighbour on the same sandbox made look paceable), and
 * pacing is undone as after a failed trial. Without it each such 429 cut the pace again, down to a call a second.
 */
const UNDER_RATE_LEARNED = 0.5;
/** Never slower than this: a guess gone wrong must not stall the run. */
const SLOWEST_PER_SECOND = 0.5;
/** Fewer accepted calls than this in the span teach no rate: learning starts again. */
const FEWEST_TO_LEARN = 8;
/** Answers a trial of the pace is judged on: the share of 429s in as many before it and after it. */
export const TRIAL_SAMPLE = 64;
/** Pacing worked where the share of 429s fell to at most this part of what it was. */
const WORKED = 0.5;

interface Trial {
  /** The share of 429s before the first pace was set. */
  shareBefore: number;
  /** The pace's generation: answers to calls sent under it or later count. */
  from: number;
  answered: number;
  throttled: number;
}

/** The share of 429s among the last TRIAL_SAMPLE answers. */
class ThrottledShare {
  private readonly recent: boolean[] = [];
  add(throttled: boolean): void {
    this.recent.push(throttled);
    if (this.recent.length > TRIAL_SAMPLE) this.recent.shift();
  }
  get value(): number {
    return this.recent.length === 0 ? 0 : this.recent.filter(Boolean).length / this.recent.length;
  }
}

export class LearnedPace {
  private perSecond: number | undefined;
  /** Bumped at each change: a call sent under an older pace says nothing of this one. */
  private generation = 0;
  private lastChangeMs = 0;
  /** Whether some call waited for the pace since the last change: only a pace that binds is tried higher. */
  private bound = false;
  private lastSentMs = Number.NEGATIVE_INFINITY;
  /** From a 429's answer on, the accepted answers counted until a later 429's. */
  private learning: { fromMs: number; accepted: number } | undefined;
  private readonly share = new ThrottledShare();
  /** The first pacing, until TRIAL_SAMPLE answers to calls sent under it tell whether it lowered the 429s. */
  private trial: Trial | undefined;
  private use: PacingUse | undefined;
  /** The rate the first pace was learned from: calls a second the target accepted. */
  private learnedPerSecond: number | undefined;

  /** Whether calls are paced now. */
  get paced(): boolean {
    return this.perSecond !== undefined;
  }

  /** How long a call about to be sent at `nowMs` must wait (0: it may go now). */
  delayAt(nowMs: number): number {
    if (this.perSecond === undefined) return 0;
    const wait = Math.max(0, this.lastSentMs + 1000 / this.perSecond - nowMs);
    if (wait > 0) this.bound = true;
    return wait;
  }

  /** A call went at `nowMs`; answers the pace it went under, to be handed back with its answer. */
  sent(nowMs: number): number {
    this.lastSentMs = nowMs;
    return this.generation;
  }

  /** A call sent under pace `generation` was answered at `nowMs`, a 429 or not. */
  answered(generation: number, throttled: boolean, nowMs: number): void {
    this.share.add(throttled);
    if (this.trial && generation >= this.trial.from) this.judgeTrial(this.trial, throttled);
    if (!throttled) {
      if (this.learning) this.learning.accepted += 1;
      const held = this.perSecond !== undefined && generation === this.generation && nowMs - this.lastChangeMs >= PROBE_AFTER_MS;
      if (held && this.bound) this.set(this.perSecond! * PROBE, nowMs);
      return;
    }
    // A 429 to a call sent before the last change was already acted on.
    if (generation !== this.generation || this.trial) return;
    // A target found to limit by count keeps to it: pacing again would cost a trial each time its share wavers.
    if (this.use?.byCount) return;
    if (this.perSecond !== undefined) {
      if (this.perSecond * CUT < (this.learnedPerSecond ?? 0) * UNDER_RATE_LEARNED) return this.unpace();
      return this.set(this.perSecond * CUT, nowMs);
    }
    const spanMs = this.learning ? nowMs - this.learning.fromMs : 0;
    if (this.learning && spanMs < LEARNING_SPAN_MS) return;
    // Answers arrive at the rate the target accepted them, whatever the latency.
    const accepted = this.learning?.accepted ?? 0;
    if (!this.learning || spanMs > LONGEST_SPAN_MS || accepted < FEWEST_TO_LEARN) {
      this.learning = { fromMs: nowMs, accepted: 0 };
      return;
    }
    this.learning = undefined;
    const shareBefore = this.share.value;
    this.learnedPerSecond = (accepted * 1000) / spanMs;
    this.set(this.learnedPerSecond * UNDER_LEARNED, nowMs);
    this.trial = { shareBefore, from: this.generation, answered: 0, throttled: 0 };
  }

  /** What results.json records; undefined where no 429 ever set a pace. */
  get pacing(): PacingUse | undefined {
    return this.use ? { ...this.use } : undefined;
  }

  private judgeTrial(trial: Trial, throttled: boolean): void {
    trial.answered += 1;
    if (throttled) trial.throttled += 1;
    if (trial.answered < TRIAL_SAMPLE) return;
    this.trial = undefined;
    const after = trial.throttled / trial.answered;
    if (after === 0 || after <= trial.shareBefore * WORKED) return;
    // The 429s came as often paced as not: by count, not by rate.
    this.unpace();
  }

  /** A limit by count: the 429s are only waited out from now on, for the rest of the run. */
  private unpace(): void {
    this.perSecond = undefined;
    this.generation += 1;
    this.use = { ...this.use!, changes: this.use!.changes + 1, byCount: true };
    delete this.use.perSecond;
  }

  private set(perSecond: number, nowMs: number): void {
    this.perSecond = Math.max(SLOWEST_PER_SECOND, perSecond);
    this.generation += 1;
    this.lastChangeMs = nowMs;
    this.bound = false;
    const rounded = Math.round(this.perSecond * 10) / 10;
    this.use = {
      perSecond: rounded,
      least: Math.min(this.use?.least ?? rounded, rounded),
      changes: (this.use?.changes ?? 0) + 1,
      byCount: this.use?.byCount ?? false,
    };
  }
}
