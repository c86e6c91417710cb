// At most `atOnce` pieces of work under way at a time, the others waiting their turn in the
// order they asked: for test files that run whole runs side by side in one worker (each on
// its own emulator), so that they mostly overlap their waits without crowding the machine.
// Test-only.

export type Turns = <T>(work: () => Promise<T>) => Promise<T>;

export function takingTurns(atOnce: number): Turns {
  if (!Number.isInteger(atOnce) || atOnce < 1) throw new RangeError(`atOnce must be a whole number of 1 or more, not ${atOnce}`);
  let running = 0;
  const waiting: Array<() => void> = [];
  // A finished piece hands its turn to the first waiting, or gives it back.
  const next = (): void => {
    const first = waiting.shift();
    if (first) first();
    else running -= 1;
  };
  return async (work) => {
    if (running >= atOnce) await new Promise<void>((resolve) => waiting.push(resolve));
    // A turn handed over by next() is already counted.
    else running += 1;
    try {
      return await work();
    } finally {
      next();
    }
  };
}
