// A pause measured in real time is late by however long this process was stalled
// (scheduled out, collecting garbage) at either of its ends: the sink notes the
// answer or the arrival late, and an in-process target fires its timer late. A
// stall in the middle of a pause changes nothing. So each pause is allowed the
// stalls seen at its ends, not the worst stall of the whole run: one stall on a
// busy machine must not blind the judgement of every other pause.

const TICK_MS = 5;
/** A tick this much later than due counts as a stall. */
const STALL_THRESHOLD_MS = 10;
/** How near an end of a pause a stall must lie to touch it. */
const NEAR_MS = 20;

interface Stall {
  from: number;
  to: number;
}

export interface StallWatch {
  /** Real milliseconds of stall touching either end of [start, end]. */
  stallAround(start: number, end: number): number;
  stop(): void;
}

const nowMs = (): number => performance.timeOrigin + performance.now();

export function watchStalls(): StallWatch {
  const stalls: Stall[] = [];
  let last = nowMs();
  const timer = setInterval(() => {
    const now = nowMs();
    if (now - last > TICK_MS + STALL_THRESHOLD_MS) stalls.push({ from: last, to: now });
    last = now;
  }, TICK_MS);
  const touches = (stall: Stall, at: number) => stall.from <= at + NEAR_MS && stall.to >= at - NEAR_MS;
  return {
    stallAround(start, end) {
      return stalls
        .filter((stall) => touches(stall, start) || touches(stall, end))
        .reduce((sum, stall) => sum + (stall.to - stall.from - TICK_MS), 0);
    },
    stop: () => clearInterval(timer),
  };
}
