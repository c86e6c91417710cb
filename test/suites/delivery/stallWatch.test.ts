import { afterEach, expect, test } from 'vitest';
import { type StallWatch, watchStalls } from '../../../suites/delivery/stallWatch.ts';

// A stall of this process is charged to the pauses it touches at an end.

let watch: StallWatch | undefined;
afterEach(() => watch?.stop());

const nowMs = (): number => performance.timeOrigin + performance.now();
const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

test('a 150 ms stall is charged to a pause ending in it, not to one that ended before', async () => {
  watch = watchStalls();
  await tick();
  const before = nowMs();
  await tick();
  const stalledFrom = nowMs();
  while (nowMs() - stalledFrom < 150); // the process busy: no timer can run
  await tick();
  const after = nowMs();
  expect(watch.stallAround(before - 10, stalledFrom + 150)).toBeGreaterThanOrEqual(130);
  expect(watch.stallAround(stalledFrom + 150, after)).toBeGreaterThanOrEqual(130);
  expect(watch.stallAround(before - 1000, before - 500)).toBe(0);
});
