import { expect, test } from 'vitest';
import { runEngine } from '../../../harness/engine/engine.ts';
import type { EngineEvent } from '../../../harness/engine/engineEvents.ts';
import type { EngineSubject, ItemResult } from '../../../harness/engine/subject.ts';
import { fixedLimit } from '../../../harness/targetIO/adaptiveConcurrency.ts';

// A subject hands back what it learned across its items through the engine's return, asked once
// every item has run and it has settled: the caller never reads it off the subject afterwards
// (issue 51). The subject here counts its items and what settle found, so a `learned` asked too
// early (before an item or before settle) shows in the value handed back.

interface Counted extends ItemResult {
  item: string;
}

function countingSubject(): { subject: EngineSubject<string, Counted, { ran: string[]; settled: boolean }>; asked: () => number } {
  const ran: string[] = [];
  let settled = false;
  let asked = 0;
  const subject: EngineSubject<string, Counted, { ran: string[]; settled: boolean }> = {
    subject: 'receiver',
    plan: (item) => ({ id: item, item, group: 'test', footprint: { reads: new Set(), moves: new Set() } }),
    limit: () => fixedLimit(2),
    webhookBudget: () => Number.POSITIVE_INFINITY,
    beside: () => false,
    pastDeadline: () => false,
    run: async ({ item }, run) => {
      ran.push(item);
      run.bodyEnded([]);
      return { item, records: [] };
    },
    settle: async () => void (settled = true),
    learned: () => {
      asked += 1;
      return { ran: [...ran].sort(), settled };
    },
    report: ({ item, records }) => ({
      subject: 'receiver',
      group: 'test',
      itemId: item,
      title: item,
      requirements: [],
      records,
      startedMs: 0,
      durationMs: 0,
    }),
    suiteErrors: () => [],
  };
  return { subject, asked: () => asked };
}

test('the engine hands back what the subject learned once every item ran and it settled, before run-finished', async () => {
  const { subject, asked } = countingSubject();
  const events: EngineEvent['type'][] = [];
  let askedBeforeFinished: number | undefined;
  const run = await runEngine(['a', 'b', 'c'], subject, {
    listener: (event) => {
      events.push(event.type);
      if (event.type === 'run-finished') askedBeforeFinished = asked();
    },
  });
  expect(run.learned).toEqual({ ran: ['a', 'b', 'c'], settled: true });
  expect(run.results.map((result) => result.item)).toEqual(['a', 'b', 'c']);
  expect(asked()).toBe(1);
  expect(askedBeforeFinished).toBe(1);
  expect(events.at(-1)).toBe('run-finished');
});
