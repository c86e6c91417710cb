import { setTimeout as sleep } from 'node:timers/promises';
import { CallRateWindow } from './callRateWindow.ts';
import { chainSoFar, type PacingUse } from '../records/runMetrics.ts';
import { LearnedPace } from './learnedPace.ts';

// What every call to the target passes through before it is sent, when the
// target's manifest states a rate limit: the calls in flight stay within
// `concurrency` (which also caps the scenarios: harness/engine/engine.ts), and
// the calls sent within `requestsPerSecond` (harness/targetIO/callRateWindow.ts). Whether
// or not a limit is stated, the calls are paced under the rate learned from the target's
// 429s (harness/targetIO/learnedPace.ts). Where calls wait for the rate, the one extending
// the longest chain of dependent calls goes first (the run ends no sooner than its longest
// chain), unless another has waited too long. One per session, shared by all its scenarios:
// the limit is the target's, not a scenario's.

/** A vendor's stated limits (the manifest's `rateLimit`). */
export interface RateLimit {
  requestsPerSecond?: number;
  concurrency?: number;
}

/** A call waiting this long for the rate goes next, whatever its chain: no scenario is starved. */
export const LONGEST_WAIT_MS = 5_000;

/** A call waiting for its rate slot. */
interface Waiting {
  /** The calls already made on the chain it extends. */
  chain: number;
  sinceMs: number;
  go: (generation: number) => void;
}

/** The time the gate reads and waits on: the machine's, or a test's own. */
export interface GateClock {
  now(): number;
  sleep(ms: number): Promise<unknown>;
}

const MACHINE_CLOCK: GateClock = { now: () => performance.now(), sleep };

/** Told once a call that passed the gate is answered (nothing where it failed unanswered). */
export type GateLeave = (answer?: { throttled: boolean }) => void;

export class CallGate {
  private readonly window: CallRateWindow | undefined;
  private readonly pace = new LearnedPace();
  private readonly places: number;
  private inFlight = 0;
  private readonly queued: Array<() => void> = [];
  /** Calls waiting for a rate slot, in the order they asked. */
  private readonly waiting: Waiting[] = [];
  /** Whether slots are being handed out (one loop at a time). */
  private handing = false;

  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<unknown>;

  constructor(limit: RateLimit = {}, clock: GateClock = MACHINE_CLOCK) {
    this.now = () => clock.now();
    this.sleep = (ms) => clock.sleep(ms);
    this.window = limit.requestsPerSecond !== undefined ? new CallRateWindow(limit.requestsPerSecond) : undefined;
    this.places = limit.concurrency ?? Number.POSITIVE_INFINITY;
  }

  /** Waits until the call may be sent; answers what to call once it is answered (or failed). */
  async enter(): Promise<GateLeave> {
    await this.place();
    const generation = await this.slot();
    let left = false;
    return (answer) => {
      if (left) return;
      left = true;
      if (answer) this.pace.answered(generation, answer.throttled, this.now());
      this.leave();
    };
  }

  /** The pace learned from 429s, for results.json; undefined where none set one. */
  get pacing(): PacingUse | undefined {
    return this.pace.pacing;
  }

  private async place(): Promise<void> {
    if (this.inFlight < this.places) {
      this.inFlight += 1;
      return;
    }
    // The place is handed over by the call that leaves it, so inFlight never dips in between.
    await new Promise<void>((resolve) => this.queued.push(resolve));
  }

  private leave(): void {
    const next = this.queued.shift();
    if (next) next();
    else this.inFlight -= 1;
  }

  /** Rate slots go one at a time, once the stated window and the learned pace both allow. */
  private slot(): Promise<number> {
    if (!this.window && !this.pace.paced && this.waiting.length === 0) return Promise.resolve(this.pace.sent(this.now()));
    return new Promise((go) => {
      this.waiting.push({ chain: chainSoFar(), sinceMs: this.now(), go });
      void this.handOut();
    });
  }

  private async handOut(): Promise<void> {
    if (this.handing) return;
    this.handing = true;
    try {
      while (this.waiting.length > 0) {
        // Timers may fire a fraction early: wait until the window really has room.
        for (let wait = this.delayAt(this.now()); wait > 0; wait = this.delayAt(this.now())) await this.sleep(Math.ceil(wait));
        const sentAtMs = this.now();
        const [next] = this.waiting.splice(this.nextIndex(sentAtMs), 1);
        this.window?.record(sentAtMs);
        next!.go(this.pace.sent(sentAtMs));
      }
    } finally {
      this.handing = false;
    }
  }

  /** The oldest where it has waited LONGEST_WAIT_MS, else the longest chain (the oldest of equals). */
  private nextIndex(nowMs: number): number {
    if (nowMs - this.waiting[0]!.sinceMs >= LONGEST_WAIT_MS) return 0;
    let best = 0;
    for (let index = 1; index < this.waiting.length; index += 1) {
      if (this.waiting[index]!.chain > this.waiting[best]!.chain) best = index;
    }
    return best;
  }

  private delayAt(nowMs: number): number {
    return Math.max(this.window?.delayAt(nowMs) ?? 0, this.pace.delayAt(nowMs));
  }
}
