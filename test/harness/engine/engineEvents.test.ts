import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator, type Emulator } from '../../../emulator/emulator.ts';
import { runEngine } from '../../../harness/engine/engine.ts';
import { targetSubject } from '../../../target/targetSubject.ts';
import type { EngineEvent } from '../../../harness/engine/engineEvents.ts';
import { defineScenario } from '../../../harness/engine/scenario.ts';
import { emulatorManifest, openTargetSession } from '../../../harness/targetIO/targetSession.ts';

// The engine tells its faces a run in order: the run starts, each scenario starts, its checks
// come as they are recorded, its report when it is final, and the run finishes with every report.
// A face that listens to the checks sees what the reports hold, no more and no less.

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator?.close();
});

const scenarios = ['one', 'two', 'three'].map((name) =>
  defineScenario({
    id: `test/events-${name}`,
    area: 'conventions',
    requirements: ['GN-MEDIA-TYPE'],
    async run(ctx) {
      await ctx.api.call('webhook.list', {});
      await ctx.api.call('webhook.list', {});
      ctx.check.pass('GN-MEDIA-TYPE', `${name}: expected a JSON:API answer; got one`);
    },
  }),
);

test('run-started, then each scenario started, its checks and its final report, then run-finished', async () => {
  const events: EngineEvent[] = [];
  const session = await openTargetSession(emulatorManifest(), { baseUrl: emulator.url(), seed: 1 });
  try {
    await runEngine(scenarios, targetSubject(session, { concurrency: 2 }), { listener: (event) => events.push(event) });
  } finally {
    await session.sink.close();
  }
  expect(events[0]?.type).toBe('run-started');
  expect(events.at(-1)?.type).toBe('run-finished');
  for (const { id } of scenarios) {
    const own = events
      .map((event, index) => ({ event, index }))
      .filter(({ event }) => ('itemId' in event ? event.itemId : event.type === 'item-final' ? event.report.itemId : '') === id);
    const kinds = own.map(({ event }) => event.type).filter((type) => type !== 'item-note');
    expect(kinds[0]).toBe('item-started');
    expect(kinds.at(-1)).toBe('item-final');
    expect(kinds.filter((type) => type === 'check-recorded').length).toBeGreaterThan(0);
    const told = own.flatMap(({ event }) =>
      event.type === 'check-recorded' ? [`${event.record.requirementId} ${event.record.outcome} ${event.record.message}`] : [],
    );
    const final = own.map(({ event }) => event).find((event) => event.type === 'item-final');
    const held =
      final?.type === 'item-final'
        ? final.report.records.map((record) => `${record.requirementId} ${record.outcome} ${record.message}`)
        : [];
    expect(told.sort()).toEqual(held.sort());
  }
  const finished = events.at(-1);
  expect(finished?.type === 'run-finished' ? finished.reports.map((report) => report.itemId) : []).toEqual(scenarios.map(({ id }) => id));
});
