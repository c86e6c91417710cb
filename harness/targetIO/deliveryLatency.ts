// How late this target's deliveries come, as the run has seen them so far. The
// documents give no delivery time, and under AtMostOnce "the next event is sent
// only after the response to the previous one, so delays can occur under load"
// (6.1): a wait for deliveries is never a fixed guess. It is measured from the last
// arrival, and its bound grows with the longest stretch the run has seen between
// asking for a delivery (or the one before) and its arrival.

/** What a scenario may spend waiting for deliveries in all unless the manifest says more (`deliveryPatienceMs`). */
export const DEFAULT_DELIVERY_PATIENCE_MS = 300_000;
/** A quiet stretch is taken for the end of the deliveries once it is this many times the longest seen. */
const LATENCY_FACTOR = 2;

export class DeliveryLatency {
  private longest = 0;
  private samples = 0;

  /** One measured stretch: from asking for a delivery (or the arrival before it) to its arrival. */
  note(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    this.samples += 1;
    if (ms > this.longest) this.longest = ms;
  }

  get longestMs(): number {
    return this.longest;
  }

  get measured(): number {
    return this.samples;
  }

  /** How long nothing may arrive before a wait concludes nothing more is coming: `floorMs`, or more where the target was seen slower. */
  quietMs(floorMs: number): number {
    return Math.max(floorMs, Math.ceil(LATENCY_FACTOR * this.longest));
  }
}
