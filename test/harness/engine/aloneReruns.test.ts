import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator, type Emulator } from '../../../emulator/emulator.ts';
import { defineScenario } from '../../../harness/engine/scenario.ts';
import { runEngine } from '../../../harness/engine/engine.ts';
import { type ScenarioResult, targetSubject } from '../../../target/targetSubject.ts';
import { runScenarios } from '../../support/runScenarios.ts';
import { emulatorManifest, openTargetSession } from '../../../harness/targetIO/targetSession.ts';

// A scenario that failed beside others runs again alone (to tell the target's failure from
// the schedule's) unless the caller asks for no such runs, as the kill matrix does: then its
// failure stands as it was, and nothing runs a second time. Judged by counting the runs of a
// scenario that always fails, so no race has to happen twice.

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator?.close();
});

function scenarios(runs: Map<string, number>) {
  const counted = (id: string, fails: boolean) =>
    defineScenario({
      id,
      area: 'auth',
      requirements: ['AU-TOKEN-REQUIRED'],
      async run(ctx) {
        runs.set(id, (runs.get(id) ?? 0) + 1);
        if (fails) ctx.check.fail('AU-TOKEN-REQUIRED', 'fails on every run');
        else ctx.check.pass('AU-TOKEN-REQUIRED', 'passes on every run');
      },
    });
  return [counted('test/always-fails', true), counted('test/always-passes', false)];
}

async function runBeside(aloneReruns?: number): Promise<{ runs: Map<string, number>; results: ScenarioResult[] }> {
  const runs = new Map<string, number>();
  const results: ScenarioResult[] = [];
  await runScenarios(scenarios(runs), {
    baseUrl: emulator.url(),
    concurrency: 2,
    onResult: (result) => results.push(result),
    ...(aloneReruns !== undefined ? { aloneReruns } : {}),
  });
  return { runs, results };
}

test('a scenario that failed beside others runs again alone; one that passed does not', async () => {
  const { runs, results } = await runBeside();
  expect(Object.fromEntries(runs)).toEqual({ 'test/always-fails': 2, 'test/always-passes': 1 });
  expect(results.find((result) => result.scenario.id === 'test/always-fails')?.dependsOnSchedule).toBeUndefined();
});

test('asked for no runs alone, the failure stands and nothing runs twice', async () => {
  const { runs, results } = await runBeside(0);
  expect(Object.fromEntries(runs)).toEqual({ 'test/always-fails': 1, 'test/always-passes': 1 });
  const failed = results.find((result) => result.scenario.id === 'test/always-fails');
  expect(failed?.records.map((record) => record.outcome)).toEqual(['FAIL']);
  expect(failed?.dependsOnSchedule).toBeUndefined();
});

// The engine tells a scenario's report final (`item-final`) once: a passing one as it
// finishes, a failing one only after its run alone, which may still mark it.
test('a result is told final once: a passing one at once, a failing one after its run alone', async () => {
  const runs = new Map<string, number>();
  const told: string[] = [];
  const session = await openTargetSession(emulatorManifest(), { baseUrl: emulator.url(), seed: 1 });
  try {
    await runEngine(scenarios(runs), targetSubject(session, { concurrency: 2 }), {
      listener: (event) => {
        if (event.type === 'item-final') told.push(`${event.report.itemId} after ${runs.get(event.report.itemId)} run(s)`);
      },
    });
  } finally {
    await session.sink.close();
  }
  expect(told).toEqual(['test/always-passes after 1 run(s)', 'test/always-fails after 2 run(s)']);
});
