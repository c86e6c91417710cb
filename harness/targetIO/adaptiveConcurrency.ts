// `--concurrency auto`: how many scenarios run at a time, found while the run
// goes, the way TCP finds its window (AIMD). It starts low, grows by one each
// time a window of calls came back without a 429 and without the latency
// rising (against a baseline that follows the target's own latency up as well
// as down), and halves on a 429 or a Retry-After, at most once a window as TCP
// halves at most once a round trip. A target that answers a share of calls 429
// whatever the load (a shared sandbox's background throttling) would pin the
// limit at one: where 429s came about as often after a cut as before it, the
// cut is undone and that many are tolerated from then on. Only the logic lives here, with
// no clock and no I/O: the API client tells it when a call is sent and how it
// was answered, and the scheduler reads the limit and is told when it moves.

/** The number of scenarios that may run at once, as the scheduler reads it. */
export interface ConcurrencyLimit {
  readonly value: number;
  /** Told each new value; answers the function that stops telling. */
  onChange(listener: (value: number) => void): () => void;
  /** A limit that follows the target: told as each call goes out, and (through what it answers) how it was answered. */
  sending?(): (answer: CallAnswer) => void;
}

export const fixedLimit = (value: number): ConcurrencyLimit => ({ value, onChange: () => () => {} });

export interface AimdSettings {
  /** Where the limit starts. */
  start: number;
  /** It never goes above this (the manifest's `rateLimit.concurrency`, else the harness's own cap). */
  ceiling: number;
  /** Latency holds while a window's median stays within this factor of the best window's… */
  latencyFactor: number;
  /** …plus this much, so that a few milliseconds of jitter on a fast target are not a rise. */
  latencySlackMs: number;
  /** The fewest answered calls that make a window (a window is at least as many calls as the limit). */
  minWindow: number;
}

export const AIMD_DEFAULTS: Omit<AimdSettings, 'start' | 'ceiling'> = { latencyFactor: 1.5, latencySlackMs: 25, minWindow: 8 };

export interface CallAnswer {
  /** How long the target took, less the time this process stood still. */
  latencyMs: number;
  /** A 429, a 503 to a read, or any answer carrying Retry-After: the target asks us to slow down. */
  slowDown: boolean;
}

/** Windows in a row whose latency rose before the rise is acted on (a step back, or a new baseline). */
export const RISEN_WINDOWS = 3;
/** Answers the share of 429s is measured over, before a cut and after it. */
export const SHARE_SAMPLE = 64;
/** A cut after which the 429s are within this factor of what they were, give or take one (a count's noise), changed nothing. */
const NO_EFFECT = 1.25;
/** Above the tolerated share by this factor, 429s are taken as the load's again. */
const ABOVE_TOLERATED = 1.5;

/** The share of 429s among the last answers. */
class SlowDownShare {
  private readonly recent: boolean[] = [];
  add(slowDown: boolean): void {
    this.recent.push(slowDown);
    if (this.recent.length > SHARE_SAMPLE) this.recent.shift();
  }
  /** How many of the last SHARE_SAMPLE answers were 429s; undefined until there are that many. */
  get count(): number | undefined {
    return this.recent.length < SHARE_SAMPLE ? undefined : this.recent.filter(Boolean).length;
  }
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export class AdaptiveConcurrency implements ConcurrencyLimit {
  private current: number;
  /** Halvings so far: calls sent before the last one cannot halve it again (one cut per burst of 429s). */
  private cuts = 0;
  /** Answers to calls sent since the last cut: another cut waits for a window of them. */
  private answeredSinceCut = Number.POSITIVE_INFINITY;
  /** Changes so far: a call sent under another limit says nothing of this one's latency. */
  private changes = 0;
  private window: number[] = [];
  /** The latency baseline: the least window median, until a rise the load does not explain moves it up. */
  private best: number | undefined;
  /** Medians of the windows in a row whose latency rose past the margin. */
  private risen: number[] = [];
  /** The limit of the last window whose latency held: a load the target bore. */
  private heldAt: number | undefined;
  private readonly share = new SlowDownShare();
  /** The 429s among SHARE_SAMPLE answers that came whatever the limit. */
  private tolerated = 0;
  /** The last cut, until SHARE_SAMPLE answers after it tell whether it lowered the 429s. */
  private lastCut: { from: number; count: number } | undefined;
  private readonly listeners = new Set<(value: number) => void>();

  constructor(private readonly settings: AimdSettings) {
    if (!(settings.ceiling >= 1)) throw new RangeError(`the concurrency ceiling must be at least 1; got ${settings.ceiling}`);
    this.current = Math.max(1, Math.min(settings.start, settings.ceiling));
  }

  get value(): number {
    return this.current;
  }

  onChange(listener: (value: number) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  sending(): (answer: CallAnswer) => void {
    const { cuts, changes } = this;
    return (answer) => this.answered(cuts, changes, answer);
  }

  /** `cuts` and `changes` as they stood when the call went out. */
  private answered(cuts: number, changes: number, answer: CallAnswer): void {
    this.share.add(answer.slowDown);
    if (cuts === this.cuts) this.answeredSinceCut += 1;
    if (this.lastCut && this.answeredSinceCut >= SHARE_SAMPLE) this.judgeLastCut(this.lastCut);
    if (answer.slowDown) {
      // A full sample first: a cut must be judged against what came before it.
      const count = this.share.count;
      const aboveTolerated = count !== undefined && count > this.tolerated * ABOVE_TOLERATED;
      // One cut at a time: the next waits until the last is judged.
      if (cuts === this.cuts && !this.lastCut && aboveTolerated) this.halve(count);
      return;
    }
    // While a cut is judged the limit holds still, so the share after it is the cut's alone.
    if (changes !== this.changes || this.lastCut) return;
    this.window.push(answer.latencyMs);
    if (this.window.length < this.windowSize()) return;
    const latency = median(this.window);
    this.window = [];
    this.best = Math.min(this.best ?? latency, latency);
    const holds = latency <= this.best * this.settings.latencyFactor + this.settings.latencySlackMs;
    if (holds) {
      this.risen = [];
      this.heldAt = this.current;
      if (this.current < this.settings.ceiling) this.set(this.current + 1);
      return;
    }
    this.latencyRose(latency);
  }

  /**
   * A window whose latency rose past the margin. Risen for RISEN_WINDOWS windows in a row, the
   * rise is either our load or the target's own (a far sandbox slower in the afternoon): above the
   * limit that last held, the limit steps back to it; at or below it, the load is one the latency
   * bore, so the rise is the target's, and the baseline moves up to it. Without that, a target
   * whose latency rose once would hold the limit where it was for the rest of the run.
   */
  private latencyRose(latency: number): void {
    this.risen.push(latency);
    if (this.risen.length < RISEN_WINDOWS) return;
    const risenTo = Math.min(...this.risen);
    this.risen = [];
    if (this.heldAt !== undefined && this.current > this.heldAt) return this.set(this.heldAt);
    this.best = risenTo;
  }

  private windowSize(): number {
    return Math.max(this.settings.minWindow, this.current);
  }

  private halve(count: number): void {
    this.cuts += 1;
    this.answeredSinceCut = 0;
    this.lastCut = { from: this.current, count };
    this.set(Math.max(1, Math.floor(this.current / 2)));
  }

  /** Answers after the cut are all the sample holds now: did the share fall? */
  private judgeLastCut(cut: { from: number; count: number }): void {
    this.lastCut = undefined;
    const after = this.share.count ?? 0;
    // None since, fewer, or more (a rate limit biting harder): the load's 429s, and the cut stands.
    const unchanged = after > 0 && after >= cut.count / NO_EFFECT - 1 && after <= cut.count * NO_EFFECT + 1;
    if (!unchanged) return;
    this.tolerated = Math.max(this.tolerated, after);
    if (cut.from > this.current) this.set(cut.from);
  }

  private set(value: number): void {
    this.changes += 1;
    this.window = [];
    // A rise is judged at one limit: under another it says nothing.
    this.risen = [];
    if (value === this.current) return;
    this.current = value;
    for (const listener of this.listeners) listener(value);
  }
}
