import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/emulator.ts';
import { defineScenario } from '../../harness/engine/scenario.ts';
import { runScenarios } from '../support/runScenarios.ts';

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
