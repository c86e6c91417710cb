import { expect, test } from 'vitest';
import { VirtualClock } from '../../../emulator/core/virtualClock.ts';

// Scale 0 freezes the emulator clock: it moves only by advance(), which runs the
// timers it makes due before it returns, earliest first, and says how many ran.

test('a frozen clock stands still in real time and its timers wait for advance()', async () => {
  const clock = new VirtualClock({ startMs: 1_000_000, scale: 0 });
  const ran: string[] = [];
  clock.setTimeout(() => ran.push('late'), 2000);
  clock.setTimeout(() => ran.push('early'), 500);
  clock.setTimeout(() => ran.push('beyond'), 10_000);
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(clock.now()).toBe(1_000_000);
  expect(ran).toEqual([]);
  expect(clock.state().timers).toBe(3);

  expect(clock.advance(499)).toBe(0);
  expect(clock.advance(1501)).toBe(2);
  expect(ran).toEqual(['early', 'late']);
  expect(clock.state()).toMatchObject({ nowMs: 1_002_000, scale: 0, timers: 1 });
  clock.dispose();
});

test('a cancelled timer does not run, and a clock set running again fires what is due', async () => {
  const clock = new VirtualClock({ scale: 0 });
  const ran: string[] = [];
  const cancel = clock.setTimeout(() => ran.push('cancelled'), 100);
  clock.setTimeout(() => ran.push('due'), 0);
  cancel();
  clock.setScale(1000);
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(ran).toEqual(['due']);
  expect(() => clock.setScale(-1)).toThrow(RangeError);
  clock.dispose();
});
