import { expect, test } from 'vitest';
import { pauseAfterRead, timedRead } from '../../../harness/targetIO/pollCadence.ts';

// A poll's reads start at most once per interval, and a slow read is not
// followed by a whole pause: the target's latency is part of the interval.

test('on a near target a read is followed by most of the interval', () => {
  expect(pauseAfterRead(250, 3)).toBe(247);
});

test('on a far target the pause shrinks by the read, down to none', () => {
  expect(pauseAfterRead(250, 200)).toBe(50);
  expect(pauseAfterRead(250, 400)).toBe(0);
});

test('a read is timed with what it answered', async () => {
  const { value, readMs } = await timedRead(async () => 'answer');
  expect(value).toBe('answer');
  expect(readMs).toBeGreaterThanOrEqual(0);
});
