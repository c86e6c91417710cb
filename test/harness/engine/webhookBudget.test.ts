import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { schedule } from '../../../harness/engine/scenarioScheduler.ts';
import { footprintOf } from '../../../harness/engine/sharedState.ts';

// The scheduler keeps a run within its webhook budget: a scenario starts only
// when the webhooks it declares fit beside those of the scenarios running; one
// that declares more than the budget runs as the only holder; scenarios that
// hold none are not held up.

const BUDGET = 10;
const none = footprintOf({});

async function peakHeld(declared: number[], concurrency: number): Promise<{ peak: number; ran: number }> {
  let held = 0;
  let peak = 0;
  let ran = 0;
  const items = declared.map((webhooks, index) => ({ id: `s${index}`, footprint: none, webhooks }));
  await schedule(
    items,
    concurrency,
    async (item) => {
      held += Math.min(item.webhooks, BUDGET);
      peak = Math.max(peak, held);
      await sleep(5 + (Number(item.id.slice(1)) % 3) * 5);
      held -= Math.min(item.webhooks, BUDGET);
      ran += 1;
    },
    () => false,
    BUDGET,
  );
  return { peak, ran };
}

test('scenarios declaring 5, 4, 2 and 1 webhooks, 16 at a time: never more than 10 held, every one run', async () => {
  const declared = [5, 5, 4, 4, 2, 2, 1, 1, 1, 1, 5, 4, 2, 1, 0, 0, 3, 3];
  const { peak, ran } = await peakHeld(declared, 16);
  expect(peak).toBeLessThanOrEqual(BUDGET);
  expect(peak).toBeGreaterThan(5);
  expect(ran).toBe(declared.length);
});

test('a scenario declaring more than the budget runs as the only holder', async () => {
  const spans: Record<string, [number, number]> = {};
  let tick = 0;
  const items = [
    { id: 'small', webhooks: 1 },
    { id: 'limit-probe', webhooks: 101 },
    { id: 'free', webhooks: 0 },
  ].map((entry) => ({ ...entry, footprint: none }));
  await schedule(
    items,
    4,
    async (item) => {
      const start = (tick += 1);
      await sleep(20);
      spans[item.id] = [start, (tick += 1)];
    },
    () => false,
    BUDGET,
  );
  const overlap = (a: [number, number], b: [number, number]) => a[0] < b[1] && b[0] < a[1];
  expect(overlap(spans.small!, spans['limit-probe']!)).toBe(false);
  expect(overlap(spans.free!, spans['limit-probe']!)).toBe(true);
});
