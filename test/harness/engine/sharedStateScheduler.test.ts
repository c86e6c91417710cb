import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { moversFirst, schedule } from '../../../harness/engine/scenarioScheduler.ts';
import { allows, footprintOf, type SharedState } from '../../../harness/engine/sharedState.ts';

// The scheduler honours declared shared state: readers of a thing run together,
// a mover only while no other reader or mover of it runs, and a mover waiting
// for readers is not overtaken by readers queued behind it.

type Item = { id: string; footprint: ReturnType<typeof footprintOf>; ms: number };
const item = (id: string, ms: number, reads: SharedState[] = [], moves: SharedState[] = []): Item => ({
  id,
  ms,
  footprint: footprintOf({ reads, moves }),
});

async function timeline(items: Item[], concurrency: number): Promise<Map<string, { start: number; end: number }>> {
  const spans = new Map<string, { start: number; end: number }>();
  let tick = 0;
  const clock = () => (tick += 1);
  await schedule(items, concurrency, async (entry) => {
    const start = clock();
    await sleep(entry.ms);
    spans.set(entry.id, { start, end: clock() });
  });
  return spans;
}

const overlap = (a: { start: number; end: number }, b: { start: number; end: number }): boolean => a.start < b.end && b.start < a.end;

test('readers of the clock run together; its mover runs beside none of them', async () => {
  const spans = await timeline(
    [item('r1', 30, ['clock']), item('r2', 30, ['clock']), item('m', 10, [], ['clock']), item('r3', 10, ['clock'])],
    4,
  );
  expect(overlap(spans.get('r1')!, spans.get('r2')!)).toBe(true);
  for (const reader of ['r1', 'r2', 'r3']) expect(overlap(spans.get('m')!, spans.get(reader)!), reader).toBe(false);
  // r3 was queued behind the mover: it waits for it rather than starving it.
  expect(spans.get('r3')!.start).toBeGreaterThan(spans.get('m')!.end - 1);
});

test('a scenario that needs clockControl is a clock mover; movers of different state run together', async () => {
  expect([...footprintOf({ needs: ['clockControl'] }).moves]).toEqual(['clock']);
  const spans = await timeline([item('clock-mover', 20, [], ['clock']), item('list-mover', 20, [], ['webhook-list']), item('free', 20)], 4);
  expect(overlap(spans.get('clock-mover')!, spans.get('list-mover')!)).toBe(true);
  expect(overlap(spans.get('clock-mover')!, spans.get('free')!)).toBe(true);
});

test('a reader may move the state alone: it waits until the other readers are done', async () => {
  const events: string[] = [];
  const reader = footprintOf({ reads: ['clock'] });
  await schedule(
    [
      { id: 'b', footprint: reader },
      { id: 'a', footprint: reader },
    ],
    2,
    async (entry, handle) => {
      if (entry.id === 'a') {
        await sleep(1);
        await handle.moveAlone(reader, 'clock', async () => void events.push('a moves'));
        events.push('a reads again');
      } else {
        await sleep(20);
        events.push('b done');
      }
    },
  );
  expect(events).toEqual(['b done', 'a moves', 'a reads again']);
});

test('concurrency bounds what runs at once', async () => {
  let running = 0;
  let peak = 0;
  await schedule(
    Array.from({ length: 8 }, (_, index) => item(`s${index}`, 5)),
    3,
    async (entry) => {
      running += 1;
      peak = Math.max(peak, running);
      await sleep(entry.ms);
      running -= 1;
    },
  );
  expect(peak).toBe(3);
});

test('without a schedule seed, movers of shared state are planned first, everything else keeps its order', () => {
  const items = [
    item('a', 1, ['clock']),
    item('m1', 1, [], ['clock']),
    item('b', 1),
    item('m2', 1, ['clock'], ['account-rules']),
    item('c', 1),
  ];
  expect(moversFirst(items).map(({ id }) => id)).toEqual(['m1', 'm2', 'a', 'b', 'c']);
});

test('the mover of the state the most scenarios use is planned first', () => {
  const items = [
    item('opt-in', 1, [], ['account-opt-in']),
    item('quota', 1, [], ['webhook-quota']),
    item('r1', 1, ['webhook-quota']),
    item('r2', 1, ['webhook-quota', 'account-opt-in']),
    item('r3', 1, ['webhook-quota']),
  ];
  expect(moversFirst(items).map(({ id }) => id)).toEqual(['quota', 'opt-in', 'r1', 'r2', 'r3']);
});

test('a follower of the clock runs beside its mover and may read it without declaring a read', async () => {
  const follower = footprintOf({ follows: ['clock'] });
  expect(allows(follower, 'clock', 'reads')).toBe(true);
  expect(allows(follower, 'clock', 'moves')).toBe(false);
  const spans = await timeline([item('m', 30, [], ['clock']), { id: 'f', ms: 30, footprint: follower }], 2);
  expect(overlap(spans.get('m')!, spans.get('f')!)).toBe(true);
});
