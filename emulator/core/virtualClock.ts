// Emulator time = real time × scale + offset (capability clockControl). Everything
// time-dependent (backoff, the 90-day event window, the 2/7-day Unavailable rule,
// rule expiration) reads this clock, so the suite can check hours in milliseconds.
// Scale 0 freezes it: time then moves only when the suite advances it, and a
// judgement made on it (the backoff steps) cannot depend on how busy the machine is.

interface VirtualTimer {
  at: number;
  fn: () => void;
  handle?: NodeJS.Timeout;
  cancelled: boolean;
}

export interface ClockState {
  now: string;
  nowMs: number;
  scale: number;
  /** Timers waiting for the clock (retries of failed deliveries): how a suite on a frozen clock knows a retry was scheduled. */
  timers: number;
}

export interface SavedClock {
  nowMs: number;
  realMs: number;
  scale: number;
}

export class VirtualClock {
  private anchorReal: number;
  private anchorVirtual: number;
  private scaleFactor: number;
  private readonly timers = new Set<VirtualTimer>();

  /** What a resource made now is stamped with is rounded down to this (1000 where a target writes whole seconds). */
  private readonly stampResolutionMs: number;

  constructor(options: { startMs?: number; scale?: number; stampResolutionMs?: number } = {}) {
    this.anchorReal = Date.now();
    this.anchorVirtual = options.startMs ?? this.anchorReal;
    this.scaleFactor = options.scale ?? 1;
    this.stampResolutionMs = options.stampResolutionMs ?? 1;
  }

  /** The createdAt of a resource made now: now, to the stamp resolution (timers keep whole milliseconds). */
  stamp(): number {
    const now = this.now();
    return now - (now % this.stampResolutionMs);
  }

  /** Whole milliseconds: what the API shows, so a filter never compares a fraction its answers leave out. */
  now(): number {
    return Math.floor(this.anchorVirtual + (Date.now() - this.anchorReal) * this.scaleFactor);
  }

  get scale(): number {
    return this.scaleFactor;
  }

  state(): ClockState {
    const nowMs = this.now();
    return { now: new Date(nowMs).toISOString(), nowMs, scale: this.scaleFactor, timers: this.timers.size };
  }

  /** Jump forward; timers that fall due run now, before this returns, earliest first. Returns how many ran. Time never goes backwards. */
  advance(ms: number): number {
    if (!(ms >= 0)) throw new RangeError('advance takes a non-negative number of milliseconds');
    this.reanchor();
    this.anchorVirtual += ms;
    const due = [...this.timers].filter((timer) => timer.at <= this.now()).sort((a, b) => a.at - b.at);
    for (const timer of due) {
      if (timer.handle) clearTimeout(timer.handle);
      this.timers.delete(timer);
    }
    this.rearm();
    for (const timer of due) if (!timer.cancelled) timer.fn();
    return due.length;
  }

  /** 0 freezes the clock. */
  setScale(scale: number): void {
    if (!(scale >= 0) || !Number.isFinite(scale)) throw new RangeError('scale must be a non-negative finite number');
    this.reanchor();
    this.scaleFactor = scale;
    this.rearm();
  }

  /** Run fn once emulator time reaches now + delayMs. Returns a cancel function. */
  setTimeout(fn: () => void, delayMs: number): () => void {
    const timer: VirtualTimer = { at: this.now() + Math.max(0, delayMs), fn, cancelled: false };
    this.timers.add(timer);
    this.arm(timer);
    return () => {
      timer.cancelled = true;
      if (timer.handle) clearTimeout(timer.handle);
      this.timers.delete(timer);
    };
  }

  /** Where the clock stood, at which real time, and how fast it ran: what a saved state keeps of it. */
  exportState(): SavedClock {
    return { nowMs: this.now(), realMs: Date.now(), scale: this.scaleFactor };
  }

  /**
   * Resumes as if the clock had kept running since it was saved: its offset from the wall clock is kept
   * (a frozen clock stands where it stood). It may go back (a snapshot's restore); waiting timers are re-armed.
   */
  importState(saved: unknown): void {
    const { nowMs, realMs, scale } = saved as SavedClock;
    this.anchorReal = Date.now();
    this.anchorVirtual = nowMs + Math.max(0, this.anchorReal - realMs) * scale;
    this.scaleFactor = scale;
    this.rearm();
  }

  /** Stop all pending timers (emulator shutdown). */
  dispose(): void {
    for (const timer of this.timers) if (timer.handle) clearTimeout(timer.handle);
    this.timers.clear();
  }

  private reanchor(): void {
    const real = Date.now();
    this.anchorVirtual = this.anchorVirtual + (real - this.anchorReal) * this.scaleFactor;
    this.anchorReal = real;
  }

  private rearm(): void {
    for (const timer of this.timers) this.arm(timer);
  }

  private arm(timer: VirtualTimer): void {
    if (timer.handle) clearTimeout(timer.handle);
    timer.handle = undefined;
    const left = timer.at - this.now();
    // A frozen clock reaches a timer only by advance().
    if (this.scaleFactor === 0 && left > 0) return;
    const realDelay = Math.max(0, left / (this.scaleFactor || 1));
    // Node caps timeouts at 2^31-1 ms; longer waits re-arm when they wake early.
    timer.handle = setTimeout(() => this.fire(timer), Math.min(realDelay, 2 ** 31 - 1));
    timer.handle.unref?.();
  }

  private fire(timer: VirtualTimer): void {
    if (timer.cancelled) return;
    if (this.now() + 1 < timer.at) {
      this.arm(timer);
      return;
    }
    this.timers.delete(timer);
    timer.fn();
  }
}
