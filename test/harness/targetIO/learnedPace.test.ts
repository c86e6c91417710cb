import { describe, expect, test } from 'vitest';
import { LearnedPace, PROBE_AFTER_MS, TRIAL_SAMPLE } from '../../../harness/targetIO/learnedPace.ts';

// The pace learned from 429s, as logic alone on a virtual clock: a few workers send calls one
// after another through the pace to a simulated limiter, each call answered a latency later,
// a refused one sent again after its Retry-After, as the API client does.

interface Limiter {
  /** Whether a call arriving at `atMs` is refused. */
  refuses(atMs: number): boolean;
}

/** A token bucket: `perSecond` refilled, `burst` at most, one token a call. */
function tokenBucket(perSecond: number, burst: number): Limiter {
  let tokens = burst;
  let lastMs = 0;
  return {
    refuses(atMs) {
      tokens = Math.min(burst, tokens + ((atMs - lastMs) * perSecond) / 1000);
      lastMs = atMs;
      if (tokens < 1) return true;
      tokens -= 1;
      return false;
    },
  };
}

/** Every `nth` call refused, whatever the rate. */
function everyNth(nth: number): Limiter {
  let calls = 0;
  return { refuses: () => (calls += 1) % nth === 0 };
}

interface Simulated {
  /** Calls sent and 429s met, each from `fromMs` on. */
  sent: number;
  refused: number;
  /** Calls accepted per second from `fromMs` on. */
  acceptedPerSecond: number;
}

/** `workers` loops, each sending its next call as its last is answered, for `forMs` of virtual time. */
function simulate(
  pace: LearnedPace | undefined,
  limiter: Limiter,
  { workers = 8, latencyMs = 20, retryAfterMs = 1000, forMs = 60_000, fromMs = 10_000 } = {},
): Simulated {
  // Events in time order: a worker ready to send, or an answer arriving.
  type Event = { atMs: number; answer?: { generation: number; refused: boolean } };
  const events: Event[] = Array.from({ length: workers }, (_, index) => ({ atMs: index }));
  let lastSentMs = 0;
  const counted: Simulated = { sent: 0, refused: 0, acceptedPerSecond: 0 };
  let accepted = 0;
  while (events.length > 0) {
    events.sort((a, b) => a.atMs - b.atMs);
    const event = events.shift()!;
    if (event.atMs > forMs) break;
    if (event.answer) {
      const { generation, refused } = event.answer;
      pace?.answered(generation, refused, event.atMs);
      events.push({ atMs: event.atMs + (refused ? retryAfterMs : 0) });
      continue;
    }
    // The gate hands out slots one at a time, in order: no call goes before the one before it.
    let atMs = Math.max(event.atMs, lastSentMs);
    for (let wait = pace?.delayAt(atMs) ?? 0; wait > 0; wait = pace!.delayAt(atMs)) atMs += wait;
    lastSentMs = atMs;
    const generation = pace?.sent(atMs) ?? 0;
    const refused = limiter.refuses(atMs + latencyMs / 2);
    if (atMs >= fromMs) {
      counted.sent += 1;
      if (refused) counted.refused += 1;
      else accepted += 1;
    }
    events.push({ atMs: atMs + latencyMs, answer: { generation, refused } });
  }
  counted.acceptedPerSecond = (accepted * 1000) / (forMs - fromMs);
  return counted;
}

describe('a limit by rate', () => {
  test('paced under the rate learned, the 429s become rare and the rate is used as well as unpaced', () => {
    const unpaced = simulate(undefined, tokenBucket(50, 50));
    const pace = new LearnedPace();
    const run = simulate(pace, tokenBucket(50, 50));
    expect(unpaced.refused / unpaced.sent).toBeGreaterThan(0.1);
    expect(run.refused / run.sent).toBeLessThanOrEqual(0.01);
    expect(run.acceptedPerSecond).toBeGreaterThan(50 * 0.75);
    expect(run.acceptedPerSecond).toBeGreaterThanOrEqual(unpaced.acceptedPerSecond * 0.85);
    const pacing = pace.pacing!;
    expect(pacing.byCount).toBe(false);
    expect(pacing.perSecond).toBeGreaterThan(50 * 0.6);
    expect(pacing.perSecond).toBeLessThanOrEqual(50 * 1.1);
  });

  test('a pace learned low is tried higher once it has held, and finds the rate again', () => {
    // The bucket allows more after the first minute: a guess that stayed where it was would waste it.
    let perSecond = 20;
    const bucket = { current: tokenBucket(20, 20) };
    const growing: Limiter = {
      refuses: (atMs) => {
        if (atMs > 30_000 && perSecond === 20) {
          perSecond = 60;
          bucket.current = tokenBucket(60, 60);
        }
        return bucket.current.refuses(atMs);
      },
    };
    const pace = new LearnedPace();
    const run = simulate(pace, growing, { forMs: 30_000 + 30 * PROBE_AFTER_MS, fromMs: 30_000 + 20 * PROBE_AFTER_MS });
    expect(run.acceptedPerSecond).toBeGreaterThan(60 * 0.75);
    expect(run.refused / run.sent).toBeLessThanOrEqual(0.01);
  });
});

describe('a limit by count', () => {
  test('where pacing does not lower the 429s, it is lifted and costs nothing after', () => {
    const pace = new LearnedPace();
    const unpaced = simulate(undefined, everyNth(9));
    const run = simulate(pace, everyNth(9));
    expect(pace.pacing).toMatchObject({ byCount: true });
    expect(pace.pacing!.perSecond).toBeUndefined();
    expect(run.sent).toBeGreaterThanOrEqual(unpaced.sent * 0.98);
  });
});

describe('a limit by count shared with a neighbour', () => {
  test('once the neighbour has gone, the pace does not wear the run down to a crawl', () => {
    // One counter for two runs on one sandbox (every 25th call refused, as the vendor-like profile does): while the
    // neighbour sends fast, pacing this run seems to lower its share of the 429s, so its trial passes; after, every
    // 25th of its own calls is refused whatever its pace, and each cut it took for a limit by rate stuck: down to
    // a call a second (twoRunsOneSandbox's second run took 15 min, paced at 0.7 a second after 113 changes).
    const nth = 25;
    const neighbourPerSecond = 100;
    const neighbourStopsMs = 40_000;
    let ours = 0;
    const shared: Limiter = {
      refuses(atMs) {
        const before = ours + Math.floor((Math.min(atMs, neighbourStopsMs) * neighbourPerSecond) / 1000);
        ours += 1;
        return Math.floor((before + 1) / nth) > Math.floor(before / nth);
      },
    };
    const pace = new LearnedPace();
    const loops = { workers: 4, latencyMs: 40 };
    const run = simulate(pace, shared, { ...loops, forMs: neighbourStopsMs + 120_000, fromMs: neighbourStopsMs + 60_000 });
    const alone = simulate(undefined, everyNth(nth), { ...loops, forMs: 120_000, fromMs: 60_000 });
    expect(run.acceptedPerSecond).toBeGreaterThanOrEqual(alone.acceptedPerSecond * 0.8);
    expect(pace.pacing).toMatchObject({ byCount: true });
  });
});

describe('what teaches a pace', () => {
  test('one 429, or two with a handful of accepted calls between them, sets none', () => {
    const pace = new LearnedPace();
    pace.answered(pace.sent(0), true, 5);
    for (let call = 1; call < 4; call += 1) pace.answered(pace.sent(call * 500), false, call * 500 + 5);
    pace.answered(pace.sent(2500), true, 2505);
    expect(pace.pacing).toBeUndefined();
    expect(pace.delayAt(2600)).toBe(0);
  });

  test('the rate is the accepted answers between two 429s, and the pace is set under it', () => {
    const pace = new LearnedPace();
    pace.answered(pace.sent(0), true, 0);
    // 40 accepted answers over the next 2 s: 20 a second.
    for (let call = 1; call <= 40; call += 1) pace.answered(pace.sent(call * 50), false, call * 50);
    pace.answered(pace.sent(2000), true, 2000);
    expect(pace.pacing).toEqual({ perSecond: 18, least: 18, changes: 1, byCount: false });
    pace.sent(2001);
    expect(pace.delayAt(2001)).toBeCloseTo(1000 / 18, 5);
  });

  test('a 429 to a call sent under an earlier pace does not cut the pace again', () => {
    const pace = new LearnedPace();
    pace.answered(pace.sent(0), true, 0);
    for (let call = 1; call <= 40; call += 1) pace.answered(pace.sent(call * 50), false, call * 50);
    const before = pace.sent(2000);
    pace.answered(before, true, 2000);
    const set = pace.pacing!;
    // Answers under the new pace end its trial; then an old call's 429 arrives.
    let atMs = 2100;
    for (let call = 0; call < TRIAL_SAMPLE; call += 1, atMs += 100) pace.answered(pace.sent(atMs), false, atMs + 5);
    pace.answered(before, true, atMs);
    expect(pace.pacing).toEqual(set);
  });
});
