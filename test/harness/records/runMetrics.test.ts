import { describe, expect, test } from 'vitest';
import {
  callMade,
  ConcurrencyMeter,
  longestChain,
  metered,
  retriedAfter429,
  ScenarioMeter,
  type ScenarioMetrics,
  waitOnTarget,
  withRerun,
} from '../../../harness/records/runMetrics.ts';
import { describeRunMetrics, runMetricsOf } from '../../../harness/records/runMetricsSummary.ts';

// What a run knows about its own time: the chain of dependent calls, the concurrency
// over the run, and how scenarios' figures add up to the run's.

const fixed = new ConcurrencyMeter(4).snapshot();
const scenario = (overrides: Partial<ScenarioMetrics>): ScenarioMetrics => ({
  calls: 0,
  chainCalls: 0,
  retriedAfter429: { count: 0, waitedMs: 0 },
  targetWaitMs: 0,
  concurrency: fixed,
  ...overrides,
});

describe('the critical path of one scenario', () => {
  test('calls one after another are a chain; calls that overlap were sent together', () => {
    expect(longestChain([])).toBe(0);
    expect(
      longestChain([
        [0, 10],
        [10, 20],
        [25, 30],
      ]),
    ).toBe(3);
    // Three sent together, then one: a chain of two, however many were in flight.
    expect(
      longestChain([
        [0, 10],
        [1, 12],
        [2, 9],
        [12, 20],
      ]),
    ).toBe(2);
    // Order of recording does not matter: answers come back in any order.
    expect(
      longestChain([
        [12, 20],
        [1, 12],
        [0, 10],
      ]),
    ).toBe(2);
  });

  test('a metered scenario counts its own calls, 429s and waits, and nothing outside it', async () => {
    const meter = new ScenarioMeter();
    await metered(meter, async () => {
      callMade(0, 5);
      retriedAfter429(1000);
      await Promise.all([waitOnTarget(5), waitOnTarget(5)]);
      callMade(5, 9);
    });
    callMade(0, 1);
    retriedAfter429(1000);
    const summary = meter.summary(fixed);
    expect(summary).toMatchObject({ calls: 2, chainCalls: 2, retriedAfter429: { count: 1, waitedMs: 1000 } });
    expect(summary.targetWaitMs).toBeGreaterThan(0);
  });
});

describe('the concurrency over a run', () => {
  test('a fixed limit never changes; an adaptive one keeps its least, most and last', () => {
    expect(fixed).toEqual({ start: 4, min: 4, peak: 4, final: 4, changes: 0 });
    const meter = new ConcurrencyMeter(4);
    for (const limit of [5, 6, 3, 3, 4]) meter.concurrencyChanged(limit);
    expect(meter.snapshot()).toEqual({ start: 4, min: 3, peak: 6, final: 4, changes: 4 });
  });
});

describe("the run's figures from its scenarios'", () => {
  test('calls, 429s and waits add up; the critical path is the longest chain; the concurrency is the last one seen', () => {
    const run = runMetricsOf([
      {
        itemId: 'a/one',
        metrics: scenario({
          calls: 10,
          chainCalls: 4,
          targetWaitMs: 100,
          concurrency: { start: 4, min: 4, peak: 8, final: 8, changes: 4 },
        }),
      },
      {
        itemId: 'b/two',
        metrics: scenario({
          calls: 30,
          chainCalls: 12,
          retriedAfter429: { count: 2, waitedMs: 2000 },
          targetWaitMs: 50,
          concurrency: { start: 4, min: 2, peak: 8, final: 2, changes: 6 },
        }),
      },
      {
        itemId: 'c/three',
        metrics: scenario({ calls: 5, chainCalls: 5, concurrency: { start: 4, min: 4, peak: 4, final: 4, changes: 0 } }),
      },
    ]);
    expect(run).toEqual({
      calls: 45,
      retriedAfter429: { count: 2, waitedMs: 2000 },
      criticalPath: { scenarioId: 'b/two', calls: 12, targetWaitMs: 50 },
      targetWaitMs: 150,
      concurrency: { start: 4, min: 2, peak: 8, final: 2, changes: 6 },
    });
    expect(describeRunMetrics(run!)).toBe(
      "45 calls (2 retried after 429, 2 s waited), critical path 12 calls in b/two, 0 s waited on the target's clock, concurrency 4→2 (least 2, most 8)",
    );
    expect(runMetricsOf([])).toBeUndefined();
  });

  test('a scenario run again alone adds its calls and waits, not its chain', () => {
    const first = scenario({ calls: 10, chainCalls: 8, targetWaitMs: 10 });
    const alone = scenario({ calls: 9, chainCalls: 9, retriedAfter429: { count: 1, waitedMs: 1000 }, targetWaitMs: 20 });
    expect(withRerun(first, alone)).toEqual(
      scenario({ calls: 19, chainCalls: 8, retriedAfter429: { count: 1, waitedMs: 1000 }, targetWaitMs: 30 }),
    );
  });

  test('a fixed concurrency is one number; thousands of calls read with separators', () => {
    const run = runMetricsOf([{ itemId: 'a/one', metrics: scenario({ calls: 3140, chainCalls: 41, targetWaitMs: 14_000 }) }]);
    expect(describeRunMetrics(run!)).toBe("3,140 calls, critical path 41 calls in a/one, 14 s waited on the target's clock, concurrency 4");
  });
});
