import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator, type Emulator } from '../../../emulator/emulator.ts';
import { defineScenario, type Scenario } from '../../../harness/engine/scenario.ts';
import { runEngine } from '../../../harness/engine/engine.ts';
import { targetSubject } from '../../../target/targetSubject.ts';
import { emulatorManifest, openTargetSession } from '../../../harness/targetIO/targetSession.ts';

// A scenario's cleanup (disabling its webhooks, cancelling its rules) runs beside
// the next scenarios rather than in front of them: once its body has ended, its
// place under the concurrency is free, even at --concurrency 1. What it declared
// stays held until the cleanup is done, so a scenario that uses that state still
// waits, and --fail-fast still starts nothing after a failing body.

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator?.close();
});

/** What happened, in order; the first scenario's cleanup waits until the second one's body has run. */
function scenarios(seen: string[], firstFails = false): Scenario[] {
  let secondRan: () => void = () => {};
  const second = new Promise<void>((resolve) => (secondRan = resolve));
  const body = (id: string) => () => {
    seen.push(`${id} body`);
    if (id === 'test/beside') secondRan();
  };
  return [
    defineScenario({
      id: 'test/cleans-up-slowly',
      area: 'auth',
      requirements: ['AU-TOKEN-REQUIRED'],
      moves: ['account-opt-in'],
      async run(ctx) {
        seen.push('first body');
        ctx.cleanup.add('slow undo', async () => {
          seen.push('first cleanup starts');
          // Only a bound: were the cleanup in front of the next scenario, the order below shows it.
          await Promise.race([second, sleep(1_000)]);
          seen.push('first cleanup ends');
        });
        if (firstFails) ctx.check.fail('AU-TOKEN-REQUIRED', 'fails, to stop --fail-fast');
        else ctx.check.pass('AU-TOKEN-REQUIRED', 'passes');
      },
    }),
    defineScenario({
      id: 'test/beside',
      area: 'auth',
      requirements: ['AU-TOKEN-REQUIRED'],
      async run(ctx) {
        body('test/beside')();
        ctx.check.pass('AU-TOKEN-REQUIRED', 'passes');
      },
    }),
    defineScenario({
      id: 'test/reads-what-the-first-moves',
      area: 'auth',
      requirements: ['AU-TOKEN-REQUIRED'],
      reads: ['account-opt-in'],
      async run(ctx) {
        body('test/reads-what-the-first-moves')();
        ctx.check.pass('AU-TOKEN-REQUIRED', 'passes');
      },
    }),
  ];
}

async function execute(list: Scenario[], failFast = false): Promise<void> {
  const session = await openTargetSession(emulatorManifest(), { baseUrl: emulator.url(), seed: 1 });
  try {
    await runEngine(list, targetSubject(session, { concurrency: 1 }), { aloneReruns: 0, ...(failFast ? { failFast } : {}) });
  } finally {
    await session.sink.close();
  }
}

test('at concurrency 1 the next scenario runs during the cleanup; one using the cleaned state waits for it', async () => {
  const seen: string[] = [];
  await execute(scenarios(seen));
  // The next one starts the moment the body ends, so it may come before the cleanup's first line.
  expect(seen.slice(0, 1)).toEqual(['first body']);
  expect(seen.indexOf('test/beside body')).toBeLessThan(seen.indexOf('first cleanup ends'));
  expect(seen.indexOf('first cleanup starts')).toBeLessThan(seen.indexOf('first cleanup ends'));
  expect(seen.slice(-2)).toEqual(['first cleanup ends', 'test/reads-what-the-first-moves body']);
});

test('--fail-fast starts nothing beside the cleanup of a failing scenario', async () => {
  const seen: string[] = [];
  await execute(scenarios(seen, true), true);
  expect(seen).toEqual(['first body', 'first cleanup starts', 'first cleanup ends']);
});
