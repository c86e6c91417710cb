import { setTimeout as sleep } from 'node:timers/promises';
import { CallRateWindow } from './callRateWindow.ts';

// What every call to the target passes through before it is sent, when the
// target's manifest states a rate limit: the calls in flight stay within
// `concurrency` (which also caps the scenarios: harness/engine/engine.ts), and
// the calls sent within `requestsPerSecond` (harness/targetIO/callRateWindow.ts). One per
// session, shared by all its scenarios: the limit is the target's, not a scenario's.

/** A vendor's stated limits (the manifest's `rateLimit`). */
export interface RateLimit {
  requestsPerSecond?: number;
  concurrency?: number;
}

export class CallGate {
  private readonly window: CallRateWindow | undefined;
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
  async enter(): Promise<() => void> {
    await this.place();
    await this.slot();
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.leave();
    };
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

  private slot(): Promise<void> {
    const window = this.window;
    if (!window) return Promise.resolve();
    const turn = this.turns.then(async () => {
      // Timers may fire a fraction early: wait until the window really has room.
      for (let wait = window.delayAt(this.now()); wait > 0; wait = window.delayAt(this.now())) await sleep(Math.ceil(wait));
      window.record(this.now());
    });
    this.turns = turn;
    return turn;
  }
}
