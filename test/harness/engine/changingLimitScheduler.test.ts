import { expect, test } from 'vitest';
import type { ConcurrencyLimit } from '../../../harness/targetIO/adaptiveConcurrency.ts';
import { schedule } from '../../../harness/engine/scenarioScheduler.ts';
import { footprintOf } from '../../../harness/engine/sharedState.ts';

// `--concurrency auto` moves the scheduler's limit while scenarios run: a limit
// that grows starts more at once, one that shrinks starts none until fewer run,
// and none running is stopped. Scenarios here end only when the test says so.

class SettableLimit implements ConcurrencyLimit {
  private readonly listeners = new Set<(value: number) => void>();
  constructor(public value: number) {}
  onChange(listener: (value: number) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  set(value: number): void {
    this.value = value;
    for (const listener of this.listeners) listener(value);
  }
}

const settle = async (): Promise<void> => {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
};

test('a limit that grows starts more at once; one that shrinks starts none until fewer run', async () => {
  const limit = new SettableLimit(2);
  const finishers: Array<() => void> = [];
  let running = 0;
  // Asserted at the end: the scheduler keeps a scenario's rejection to itself.
  const overLimit: string[] = [];
  let started = 0;
  const items = Array.from({ length: 10 }, (_, index) => ({ id: `s${index}`, footprint: footprintOf({}) }));
  const done = schedule(items, limit, async () => {
    running += 1;
    started += 1;
    if (running > limit.value) overLimit.push(`${running} running under a limit of ${limit.value}`);
    await new Promise<void>((resolve) => finishers.push(resolve));
    running -= 1;
  });
  const finishOne = async (): Promise<void> => {
    finishers.shift()?.();
    await settle();
  };
  await settle();
  expect(running).toBe(2);
  limit.set(5);
  await settle();
  expect(running).toBe(5);
  limit.set(1);
  await finishOne();
  await finishOne();
  await finishOne();
  await finishOne();
  expect(running).toBe(1);
  await finishOne();
  expect(running).toBe(1);
  limit.set(3);
  await settle();
  expect(running).toBe(3);
  while (finishers.length > 0) await finishOne();
  await done;
  expect(started).toBe(10);
  expect(overLimit).toEqual([]);
});
