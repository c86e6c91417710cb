// A vendor's stated rate (`rateLimit.requestsPerSecond` in the manifest) is a
// promise the harness keeps: in no window of one second does it send more
// calls than that. A token bucket would not keep it (a full bucket's burst can
// follow a refill within the same second), so this keeps the times of the
// latest sends and lets the next one go only once the oldest of them is a
// window old. Pure: the caller says what time it is.

export class CallRateWindow {
  /** How many calls one window may hold. */
  readonly capacity: number;
  readonly windowMs: number;
  private readonly sentAt: number[] = [];

  constructor(requestsPerSecond: number) {
    if (!(requestsPerSecond > 0)) throw new RangeError(`requestsPerSecond must be above 0; got ${requestsPerSecond}`);
    // Below one a second, one call per 1/rate seconds; above, the whole calls a second holds.
    this.capacity = Math.max(1, Math.floor(requestsPerSecond));
    this.windowMs = requestsPerSecond >= 1 ? 1000 : 1000 / requestsPerSecond;
  }

  /** How long a call about to be sent at `nowMs` must wait (0: it may go now). */
  delayAt(nowMs: number): number {
    if (this.sentAt.length < this.capacity) return 0;
    return Math.max(0, this.sentAt[this.sentAt.length - this.capacity]! + this.windowMs - nowMs);
  }

  /** A call went at `nowMs` (never earlier than the last one recorded). */
  record(nowMs: number): void {
    this.sentAt.push(nowMs);
    if (this.sentAt.length > this.capacity) this.sentAt.splice(0, this.sentAt.length - this.capacity);
  }
}
