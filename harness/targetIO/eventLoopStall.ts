import { performance } from 'node:perf_hooks';

// How long this process's own event loop stood still. A call's wall time counts
// the target's answer and the time the suite could not look at it (a busy machine,
// a long synchronous check, an embedded emulator sharing the loop); the time-out
// (GN-TIMEOUT) judges only the first, so a busy machine never fails a target.

const TICK_MS = 25;
/** A tick this much later than due is a stall; less is ordinary timer slack. */
const SLACK_MS = 10;

let stalledMs = 0;
let lastTick = 0;
let ticker: NodeJS.Timeout | undefined;

function tick(): void {
  const now = performance.now();
  stalledMs += Math.max(0, now - lastTick - TICK_MS - SLACK_MS);
  lastTick = now;
}

/** The loop's stalls so far, counting the one under way (a stall ends only when a tick runs). */
function stalledSoFar(): number {
  if (!ticker) {
    lastTick = performance.now();
    ticker = setInterval(tick, TICK_MS);
    ticker.unref();
  }
  return stalledMs + Math.max(0, performance.now() - lastTick - TICK_MS - SLACK_MS);
}

/** Starts watching; the returned function tells how long the loop stood still since. */
export function watchStalls(): () => number {
  const from = stalledSoFar();
  return () => Math.max(0, Math.round(stalledSoFar() - from));
}
