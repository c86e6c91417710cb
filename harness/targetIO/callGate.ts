import { setTimeout as sleep } from 'node:timers/promises';
import { CallRateWindow } from './callRateWindow.ts';
import type { PacingUse } from '../records/runMetrics.ts';
import { LearnedPace } from './learnedPace.ts';

// What every call to the target passes through before it is sent, when the
// target's manifest states a rate limit: the calls in flight stay within
// `concurrency` (which also caps the scenarios: harness/engine/engine.ts), and
// the calls sent within `requestsPerSecond` (harness/targetIO/callRateWindow.ts). Whether
// or not a limit is stated, the calls are paced under the rate learned from the target's
// 429s (harness/targetIO/learnedPace.ts). One per session, shared by all its scenarios:
// the limit is the target's, not a scenario's.

/** A vendor's stated limits (the manifest's `rateLimit`). */
export interface RateLimit {
  requestsPerSecond?: number;
  concurrency?: number;
}

/** Told once a call that passed the gate is answered (nothing where it failed unanswered). */
export type GateLeave = (answer?: { throttled: boolean }) => void;

export class CallGate {
  private readonly window: CallRateWindow | undefined;
  private readonly pace = new LearnedPace();
  private readonly places: number;
  private inFlight = 0;
  private readonly queued: Array<() => void> = [];
  /** Rate slots are handed out one at a time, in the order asked. */
  private turns: Promise<void> = Promise.resolve();

  constructor(
    limit: RateLimit = {},
    private readonly now: () => number = () => performance.now(),
  ) {
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

  /** Rate slots go one at a time, in the order asked, once the stated window and the learned pace both allow. */
  private slot(): Promise<number> {
    if (!this.window && !this.pace.paced) return Promise.resolve(this.pace.sent(this.now()));
    const turn = this.turns.then(async () => {
      // Timers may fire a fraction early: wait until the window really has room.
      for (let wait = this.delayAt(this.now()); wait > 0; wait = this.delayAt(this.now())) await sleep(Math.ceil(wait));
      const sentAtMs = this.now();
      this.window?.record(sentAtMs);
      return this.pace.sent(sentAtMs);
    });
    this.turns = turn.then(() => undefined);
    return turn;
  }

  private delayAt(nowMs: number): number {
    return Math.max(this.window?.delayAt(nowMs) ?? 0, this.pace.delayAt(nowMs));
  }
}
