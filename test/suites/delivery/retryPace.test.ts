import { describe, expect, test } from 'vitest';
import type { SinkDelivery } from '../../../harness/targetIO/webhookSink.ts';
import { FIBONACCI_MAX_RATIO, RETRY_GRACE_MS, retryPacedQuietMs } from '../../../suites/delivery/retryPace.ts';

// How long delivery/at-least-once/retried-until-success goes on waiting for a retry still owed: by the pace the
// target kept (the longest gap between the attempts that carried a failed batch, at most doubled by a Fibonacci
// step), never a fixed guess, so a machine that runs the target's timers late still sees its retries through.

/** One attempt at the sink: the events it carried, when it came and ended, what the sink answered. */
const attempt = (index: number, ids: string[], receivedAt: number, answer: SinkDelivery['answer']): SinkDelivery =>
  ({
    index,
    receivedAt,
    finishedAt: receivedAt + 100,
    answer,
    payload: { events: ids.map((id) => ({ id })) },
  }) as unknown as SinkDelivery;

describe('the pace of owed retries', () => {
  test('a retry is owed for twice the longest gap between the failed batch’s attempts, with the grace', () => {
    const deliveries = [attempt(0, ['e1', 'e2'], 0, 500), attempt(1, ['e1', 'e2'], 10_100, 'dropped')];
    expect(retryPacedQuietMs(deliveries)).toBe(FIBONACCI_MAX_RATIO * 10_000 + RETRY_GRACE_MS);
  });

  test("other events' deliveries between the attempts do not shorten the pace", () => {
    const deliveries = [attempt(0, ['e1'], 0, 500), attempt(1, ['x'], 4_000, 200), attempt(2, ['e1'], 12_100, 503)];
    expect(retryPacedQuietMs(deliveries)).toBe(FIBONACCI_MAX_RATIO * 12_000 + RETRY_GRACE_MS);
  });

  test('a first failure with no retry yet: only the grace', () => {
    expect(retryPacedQuietMs([attempt(0, ['e1'], 0, 500)])).toBe(RETRY_GRACE_MS);
  });

  test('nothing owed once every failed event was accepted', () => {
    expect(retryPacedQuietMs([attempt(0, ['e1'], 0, 500), attempt(1, ['e1'], 9_000, 200)])).toBe(0);
  });
});
