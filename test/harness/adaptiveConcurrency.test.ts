import { describe, expect, test } from 'vitest';
import { AdaptiveConcurrency, AIMD_DEFAULTS, type AimdSettings } from '../../harness/adaptiveConcurrency.ts';

// `--concurrency auto` as logic alone: no clock, no target. Each call is told
// when it goes out and then how it was answered, in whatever order a test needs.

const settings = (overrides: Partial<AimdSettings> = {}): AimdSettings => ({ ...AIMD_DEFAULTS, start: 4, ceiling: 32, ...overrides });
const FAST = { latencyMs: 200, slowDown: false };
const THROTTLED = { latencyMs: 200, slowDown: true };

/** Sends `count` calls, then answers them all alike. */
function answerAll(limit: AdaptiveConcurrency, count: number, answer = FAST): void {
  const sent = Array.from({ length: count }, () => limit.sending());
  for (const answered of sent) answered(answer);
}

/** One full window of calls, each answered before the next goes. */
function window(limit: AdaptiveConcurrency, latencyMs = FAST.latencyMs): void {
  for (let calls = Math.max(AIMD_DEFAULTS.minWindow, limit.value); calls > 0; calls -= 1) limit.sending()({ latencyMs, slowDown: false });
}

describe('growing', () => {
  test('starts where it is told, under the ceiling', () => {
    expect(new AdaptiveConcurrency(settings()).value).toBe(4);
    expect(new AdaptiveConcurrency(settings({ ceiling: 2 })).value).toBe(2);
  });

  test('grows by one for each window of calls answered while the latency holds', () => {
    const limit = new AdaptiveConcurrency(settings());
    answerAll(limit, AIMD_DEFAULTS.minWindow - 1);
    expect(limit.value).toBe(4);
    limit.sending()(FAST);
    expect(limit.value).toBe(5);
    for (let windows = 0; windows < 3; windows += 1) window(limit);
    expect(limit.value).toBe(8);
  });

  test('a window is at least as many calls as the limit', () => {
    const limit = new AdaptiveConcurrency(settings({ start: 20 }));
    window(limit);
    expect(limit.value).toBe(21);
    for (let calls = 0; calls < 20; calls += 1) limit.sending()(FAST);
    expect(limit.value).toBe(21);
    limit.sending()(FAST);
    expect(limit.value).toBe(22);
  });

  test('holds while the latency has risen past the margin, and grows again once it is back', () => {
    const limit = new AdaptiveConcurrency(settings());
    window(limit, 200);
    expect(limit.value).toBe(5);
    window(limit, 200 * AIMD_DEFAULTS.latencyFactor + AIMD_DEFAULTS.latencySlackMs + 1);
    window(limit, 900);
    expect(limit.value).toBe(5);
    window(limit, 210);
    expect(limit.value).toBe(6);
  });

  test('never goes past the ceiling', () => {
    const limit = new AdaptiveConcurrency(settings({ ceiling: 6 }));
    for (let windows = 0; windows < 10; windows += 1) window(limit);
    expect(limit.value).toBe(6);
  });

  test('calls sent under an older limit say nothing of the new one', () => {
    const limit = new AdaptiveConcurrency(settings());
    const early = Array.from({ length: AIMD_DEFAULTS.minWindow }, () => limit.sending());
    window(limit);
    expect(limit.value).toBe(5);
    for (const answered of early) answered(FAST);
    expect(limit.value).toBe(5);
  });
});

describe('backing off', () => {
  test('halves on a 429 or a Retry-After, down to one', () => {
    const limit = new AdaptiveConcurrency(settings({ start: 16 }));
    for (const expected of [8, 4, 2, 1, 1]) {
      limit.sending()(THROTTLED);
      expect(limit.value).toBe(expected);
    }
  });

  test('a burst of 429s to calls sent before the cut halves it once', () => {
    const limit = new AdaptiveConcurrency(settings({ start: 16 }));
    answerAll(limit, 10, THROTTLED);
    expect(limit.value).toBe(8);
  });

  test('a 429 to a call sent after a growth still halves', () => {
    const limit = new AdaptiveConcurrency(settings());
    const early = limit.sending();
    window(limit);
    expect(limit.value).toBe(5);
    early(THROTTLED);
    expect(limit.value).toBe(2);
  });

  test('grows again one step per window after a cut', () => {
    const limit = new AdaptiveConcurrency(settings({ start: 16 }));
    limit.sending()(THROTTLED);
    window(limit);
    window(limit);
    expect(limit.value).toBe(10);
  });
});

test('listeners hear each change, and nothing once they stop listening', () => {
  const limit = new AdaptiveConcurrency(settings({ start: 2 }));
  const heard: number[] = [];
  const stop = limit.onChange((value) => heard.push(value));
  window(limit);
  limit.sending()(THROTTLED);
  limit.sending()(THROTTLED);
  limit.sending()(THROTTLED);
  stop();
  window(limit);
  expect(heard).toEqual([3, 1]);
  expect(limit.value).toBe(2);
});
