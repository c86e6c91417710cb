import { describe, expect, test } from 'vitest';
import {
  AdaptiveConcurrency,
  AIMD_DEFAULTS,
  type AimdSettings,
  RISEN_WINDOWS,
  SHARE_SAMPLE,
} from '../../../harness/targetIO/adaptiveConcurrency.ts';

// `--concurrency auto` as logic alone: no clock, no target. Each call is told
// when it goes out and then how it was answered, in whatever order a test needs.

const settings = (overrides: Partial<AimdSettings> = {}): AimdSettings => ({ ...AIMD_DEFAULTS, start: 4, ceiling: 32, ...overrides });
const FAST = { latencyMs: 200, slowDown: false };
const THROTTLED = { latencyMs: 200, slowDown: true };

/** A limit at `start` whose sample of answers is full (429s are judged against a full sample), none of them 429s. */
function primed(start: number, overrides: Partial<AimdSettings> = {}): AdaptiveConcurrency {
  const limit = new AdaptiveConcurrency(settings({ ...overrides, start: start - 1 }));
  answerAll(limit, SHARE_SAMPLE);
  expect(limit.value).toBe(start);
  return limit;
}

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

  test("a rise that stays once the limit is back where the latency held is the target's own: the baseline moves up to it", () => {
    const limit = new AdaptiveConcurrency(settings());
    window(limit, 200);
    expect(limit.value).toBe(5);
    for (let windows = 0; windows < RISEN_WINDOWS; windows += 1) window(limit, 900);
    // Above the limit that held, the rise may be our load: back to that limit first.
    expect(limit.value).toBe(4);
    for (let windows = 0; windows < RISEN_WINDOWS; windows += 1) window(limit, 900);
    expect(limit.value).toBe(4);
    // Risen at a load the target bore before: 900 ms is its latency now, and the limit grows again.
    window(limit, 900);
    window(limit, 900);
    expect(limit.value).toBe(6);
  });

  test('a rise that goes away once the limit steps back was the load: the baseline stays', () => {
    const limit = new AdaptiveConcurrency(settings());
    window(limit, 200);
    for (let windows = 0; windows < RISEN_WINDOWS; windows += 1) window(limit, 900);
    expect(limit.value).toBe(4);
    window(limit, 200);
    expect(limit.value).toBe(5);
    window(limit, 900);
    expect(limit.value).toBe(5);
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
  test('halves on a 429 or a Retry-After, once a window, down to one', () => {
    const limit = primed(16);
    for (const expected of [8, 4, 2, 1, 1]) {
      limit.sending()(THROTTLED);
      expect(limit.value).toBe(expected);
      // The cut is judged on the answers after it (here without 429s: it stands) before another may come.
      answerAll(limit, SHARE_SAMPLE);
    }
  });

  test('a second 429 within the window after a cut does not halve again', () => {
    const limit = primed(16);
    limit.sending()(THROTTLED);
    answerAll(limit, 3);
    limit.sending()(THROTTLED);
    expect(limit.value).toBe(8);
  });

  test('a target answering every ninth call 429 whatever the load does not pin the limit at one', () => {
    const limit = new AdaptiveConcurrency(settings());
    const seen: number[] = [];
    for (let call = 1; call <= 900; call += 1) {
      limit.sending()(call % 9 === 0 ? THROTTLED : FAST);
      seen.push(limit.value);
    }
    expect(Math.min(...seen.slice(450))).toBeGreaterThanOrEqual(16);
  });

  test('a cut after which the 429s come as often is undone, and that many are tolerated', () => {
    const limit = primed(16);
    limit.sending()(THROTTLED);
    expect(limit.value).toBe(8);
    for (let call = 1; call <= SHARE_SAMPLE; call += 1) limit.sending()(call % 32 === 0 ? THROTTLED : FAST);
    expect(limit.value).toBe(16);
    limit.sending()(THROTTLED);
    expect(limit.value).toBe(16);
  });

  test('a target whose 429s follow the load is held where they stop', () => {
    // 429s to every call beyond six in flight: a cut that lowers their share stays.
    const limit = new AdaptiveConcurrency(settings({ start: 16 }));
    const seen: number[] = [];
    for (let round = 0; round < 200; round += 1) {
      const sent = Array.from({ length: limit.value }, () => limit.sending());
      sent.forEach((answered, index) => answered(index >= 6 ? THROTTLED : FAST));
      seen.push(limit.value);
    }
    expect(Math.max(...seen.slice(100))).toBeLessThanOrEqual(12);
  });

  test('a burst of 429s to calls sent before the cut halves it once', () => {
    const limit = primed(16);
    answerAll(limit, 10, THROTTLED);
    expect(limit.value).toBe(8);
  });

  test('a 429 to a call sent after a growth still halves', () => {
    const limit = primed(4);
    const early = limit.sending();
    window(limit);
    expect(limit.value).toBe(5);
    early(THROTTLED);
    expect(limit.value).toBe(2);
  });

  test('holds still while a cut is judged, then grows again one step per window', () => {
    const limit = primed(16);
    limit.sending()(THROTTLED);
    answerAll(limit, SHARE_SAMPLE - 1);
    expect(limit.value).toBe(8);
    limit.sending()(FAST);
    window(limit);
    window(limit);
    expect(limit.value).toBe(10);
  });
});

test('listeners hear each change, and nothing once they stop listening', () => {
  const limit = primed(2);
  const heard: number[] = [];
  const stop = limit.onChange((value) => heard.push(value));
  window(limit);
  limit.sending()(THROTTLED);
  stop();
  answerAll(limit, SHARE_SAMPLE);
  window(limit);
  expect(heard).toEqual([3, 1]);
  expect(limit.value).toBe(2);
});
