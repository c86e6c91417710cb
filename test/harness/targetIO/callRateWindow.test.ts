import { expect, test } from 'vitest';
import { CallGate, type GateClock } from '../../../harness/targetIO/callGate.ts';
import { CallRateWindow } from '../../../harness/targetIO/callRateWindow.ts';

// A stated rate is kept in every window of one second, not on average: the
// times given are made up, and the gate runs on a clock of the test's own, so
// nothing here depends on the machine's speed or how busy it is.

/** The most sends any one-second window starting at a send holds. */
const busiestSecond = (sentAt: readonly number[], windowMs = 1000): number =>
  Math.max(...sentAt.map((start) => sentAt.filter((time) => time >= start && time < start + windowMs).length));

/** Sends `count` calls as soon as the window lets each go, asked for at `askedAt`. */
function sendAll(window: CallRateWindow, askedAt: (index: number) => number, count: number): number[] {
  const sentAt: number[] = [];
  let now = 0;
  for (let index = 0; index < count; index += 1) {
    now = Math.max(now, askedAt(index));
    now += window.delayAt(now);
    window.record(now);
    sentAt.push(now);
  }
  return sentAt;
}

test('a burst is let through up to the rate, then one call as each oldest leaves the window', () => {
  const window = new CallRateWindow(10);
  const sentAt = sendAll(window, () => 0, 35);
  expect(sentAt.slice(0, 10)).toEqual(Array(10).fill(0));
  expect(sentAt[10]).toBe(1000);
  expect(busiestSecond(sentAt)).toBe(10);
});

test('no second holds more than the rate, whatever the calls ask for', () => {
  for (const rate of [1, 2.5, 7, 50]) {
    const window = new CallRateWindow(rate);
    const sentAt = sendAll(window, (index) => ((index * 37) % 900) + index * 20, 300);
    expect(busiestSecond(sentAt), `rate ${rate}`).toBeLessThanOrEqual(Math.floor(rate));
  }
});

test('below one a second, calls are 1/rate seconds apart', () => {
  const sentAt = sendAll(new CallRateWindow(0.5), () => 0, 4);
  expect(sentAt).toEqual([0, 2000, 4000, 6000]);
});

test('a rate of 0 or less is refused', () => {
  expect(() => new CallRateWindow(0)).toThrow(/above 0/);
});

test('the gate keeps calls in flight within the stated concurrency', async () => {
  const gate = new CallGate({ concurrency: 3 });
  let inFlight = 0;
  let most = 0;
  await Promise.all(
    Array.from({ length: 20 }, async (_, index) => {
      const leave = await gate.enter();
      inFlight += 1;
      most = Math.max(most, inFlight);
      // Calls end in another order than they began.
      for (let turn = 0; turn < (index * 7) % 5; turn += 1) await Promise.resolve();
      inFlight -= 1;
      leave();
    }),
  );
  expect(most).toBe(3);
});

/**
 * A clock of the test's own: time moves only when the gate sleeps, and a sleep ends on a
 * later turn of the event loop, after every caller let through has run. What the callers
 * read is then the gate's own time, however late this process runs a continuation.
 */
function virtualClock(): GateClock {
  let nowMs = 0;
  return {
    now: () => nowMs,
    sleep: async (ms) => {
      await new Promise((resolve) => setImmediate(resolve));
      nowMs += ms;
    },
  };
}

test('the gate sends no more than the stated rate in any second, by its own clock', async () => {
  const clock = virtualClock();
  const gate = new CallGate({ requestsPerSecond: 20 }, clock);
  const sentAt: number[] = [];
  await Promise.all(
    Array.from({ length: 45 }, async () => {
      const leave = await gate.enter();
      sentAt.push(clock.now());
      leave();
    }),
  );
  expect(busiestSecond(sentAt)).toBe(20);
  // Three windows' worth: 20 at once, 20 a second later, the last 5 a second after that.
  expect(Math.max(...sentAt)).toBe(2000);
});
