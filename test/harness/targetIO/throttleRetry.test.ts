import { expect, test } from 'vitest';
import { asksToSlowDown, nextWaitMs, retryAfterMs } from '../../../harness/targetIO/throttleRetry.ts';

// Retry-After is delta-seconds or an HTTP date (RFC 9110 10.2.3). A date is read
// against the answer's own Date header, so a target whose clock is not ours is
// waited out for what it asked, not for the difference between the clocks.

const NOW = Date.parse('2026-11-25T12:00:00Z');

test('delta-seconds are read as seconds', () => {
  expect(retryAfterMs('3', NOW)).toBe(3_000);
});

test('an HTTP date is read against our clock when the answer has no Date header', () => {
  expect(retryAfterMs('Wed, 25 Nov 2026 12:00:02 GMT', NOW)).toBe(2_000);
  expect(retryAfterMs('Wed, 25 Nov 2026 11:59:00 GMT', NOW)).toBe(0);
});

test('an HTTP date is read against the Date header of the same answer when there is one', () => {
  // The target's clock is two days ahead of ours: it asks for 2 s, not two days.
  const answeredAt = 'Fri, 27 Nov 2026 12:00:00 GMT';
  expect(retryAfterMs('Fri, 27 Nov 2026 12:00:02 GMT', NOW, answeredAt)).toBe(2_000);
  expect(retryAfterMs('Fri, 27 Nov 2026 12:00:00 GMT', NOW, answeredAt)).toBe(0);
});

test('an unreadable Retry-After falls back to backoff, and a date is honoured by nextWaitMs', () => {
  expect(retryAfterMs('soon', NOW)).toBeUndefined();
  expect(nextWaitMs(0, 'soon', 0)).toBe(500);
  const answeredAt = new Date().toUTCString();
  const inOneSecond = new Date(Date.parse(answeredAt) + 1_000).toUTCString();
  expect(nextWaitMs(0, inOneSecond, 0, answeredAt)).toBe(1_000);
});

test('a 429, a 503 to a read, or an error carrying Retry-After asks the run to slow down (--concurrency auto)', () => {
  expect(asksToSlowDown('POST', 429, undefined)).toBe(true);
  expect(asksToSlowDown('GET', 503, undefined)).toBe(true);
  expect(asksToSlowDown('POST', 503, '2')).toBe(true);
  expect(asksToSlowDown('POST', 503, undefined)).toBe(false);
  expect(asksToSlowDown('GET', 200, '2')).toBe(false);
});
