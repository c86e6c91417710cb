import { expect, test } from 'vitest';
import { NEAR_CALL_MS } from '../../../harness/targetIO/concurrency.ts';
import { laneTimeLimitMs } from '../../../suites/decisioning/propertyRun.ts';

// A property lane's time limit bounds a target that hangs; it must not cut a far
// target's cases short. So it grows with the round trip measured before the cases
// start, in proportion beyond a near call's: a lane of a far run has the time a near
// one needs for as many cases.

test("a lane's time limit scales with the measured round trip beyond a near call's", () => {
  const near = laneTimeLimitMs(0);
  expect(laneTimeLimitMs(NEAR_CALL_MS)).toBe(near);
  expect(laneTimeLimitMs(NEAR_CALL_MS * 8)).toBe(near * 8);
  expect(laneTimeLimitMs(NEAR_CALL_MS * 8)).toBeGreaterThan(laneTimeLimitMs(NEAR_CALL_MS * 4));
});
