import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator, type Emulator } from '../../../emulator/emulator.ts';
import { defineScenario } from '../../../harness/engine/scenario.ts';
import { runScenarios } from '../../support/runScenarios.ts';

// A scenario that uses a control it did not declare is a defect of the suite:
// the engine's guarded control client notes it and runScenarios (like `run`)
// fails on it, naming the scenario, the state and what to declare.

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator?.close();
});

const clockUser = (declared: boolean) =>
  defineScenario({
    id: `test/${declared ? 'declared' : 'undeclared'}-clock-move`,
    area: 'decisioning',
    requirements: [],
    ...(declared ? { moves: ['clock' as const] } : { reads: ['clock' as const] }),
    async run(ctx) {
      await ctx.control.advanceClock(3_600_000);
    },
  });

test('a clock move the scenario did not declare fails the run, naming it', async () => {
  await expect(runScenarios([clockUser(false)], { baseUrl: emulator.url() })).rejects.toThrow(
    /scenario test\/undeclared-clock-move moved clock \(control POST \/clock\/advance\) without declaring it \(`moves: \['clock'\]`/,
  );
});

test('the same move declared runs', async () => {
  await expect(runScenarios([clockUser(true)], { baseUrl: emulator.url() })).resolves.toEqual([]);
});

// Events are listed for 90 days (4.4, 6.2): a scenario that reads them must not run beside one that moves the
// clock 90 days on (events/retention), or its own events vanish between its reads (PP-CANCEL-EVENT once did).
const eventLister = (declared: boolean) =>
  defineScenario({
    id: `test/${declared ? 'declared' : 'undeclared'}-event-list`,
    area: 'events',
    requirements: [],
    ...(declared ? { reads: ['clock' as const] } : {}),
    async run(ctx) {
      await ctx.api.call('event.list', { query: { 'page[limit]': 1 } });
    },
  });

test('listing events without declaring the clock fails the run, naming it', async () => {
  await expect(runScenarios([eventLister(false)], { baseUrl: emulator.url() })).rejects.toThrow(
    /scenario test\/undeclared-event-list read clock \(operation event\.list\) without declaring it \(`reads: \['clock'\]`/,
  );
});

test('the same listing declared runs', async () => {
  const records = await runScenarios([eventLister(true)], { baseUrl: emulator.url() });
  expect(records.filter((record) => record.outcome !== 'PASS')).toEqual([]);
});
