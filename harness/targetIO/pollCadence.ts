// A poll waits for the target to change, not for its own sake. Its reads start
// at most once per interval, so it never asks faster than the target can
// change; and the pause after a read is what is left of the interval once the
// read's own round trip is taken out, so on a target far away (a read of
// 400 ms against an interval of 250 ms) the next read goes at once rather than
// a whole pause later: the poll sees a change one latency after it, never a
// latency and a pause.

/** The pause after a read that took `readMs`, for reads that start at most once per `intervalMs`. */
export function pauseAfterRead(intervalMs: number, readMs: number): number {
  return Math.max(0, Math.round(intervalMs - readMs));
}

/** Times one read of a poll, for pauseAfterRead. */
export async function timedRead<T>(read: () => Promise<T>): Promise<{ value: T; readMs: number }> {
  const started = performance.now();
  const value = await read();
  return { value, readMs: performance.now() - started };
}
