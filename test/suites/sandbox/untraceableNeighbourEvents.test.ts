import { afterEach, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../../../emulator/emulator.ts';
import { EventStore } from '../../../emulator/events/eventStore.ts';
import { scenariosJudging } from '../../support/emulatorRuns.ts';
import { runScenarios } from '../../support/runScenarios.ts';

// Only events traceable to the run's own resources count as fired by its operations. On a
// shared sandbox another tenant's customer.created may name neither the application nor the
// customer of the run's approve: it must never pass SB-APPROVE-CUSTOMER-CREATED for a target that
// fired none (it did, when an event naming neither was taken for ours). Here a neighbour publishes
// such an event beside every approval the emulator makes.

const REQUIREMENT = 'SB-APPROVE-CUSTOMER-CREATED';
let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

/** Every application.approved the emulator publishes is followed by a neighbour's customer.created naming no resource. */
async function withNeighbour(faults: string[]): Promise<Emulator> {
  emulator = await startEmulator({ faults });
  const store = emulator.state.events;
  if (!(store instanceof EventStore)) throw new Error('the emulator no longer keeps its events in an EventStore');
  store.onPublish((event) => {
    if (event.type === 'application.approved') store.publish({ type: 'customer.created', attributes: { tags: {} }, relationships: {} });
  });
  return emulator;
}

async function judged(faults: string[]) {
  const target = await withNeighbour(faults);
  const records = await runScenarios(scenariosJudging([REQUIREMENT]), {
    baseUrl: target.url(),
    manifest: { environment: 'sandbox' },
    seed: 1,
  });
  return records.filter((record) => record.requirementId === REQUIREMENT);
}

test("a target that fires no customer.created is not passed on a neighbour's untraceable one", { timeout: 300_000 }, async () => {
  const records = await judged(['approve-without-customer-created']);
  expect(records.length).toBeGreaterThan(0);
  for (const record of records) {
    expect(record.outcome, record.message).not.toBe('PASS');
    expect(record.message).toMatch(/naming no resource of the run/);
  }
});

test("a correct target's own customer.created passes beside a neighbour's", { timeout: 300_000 }, async () => {
  const records = await judged([]);
  expect(records.length).toBeGreaterThan(0);
  for (const record of records) expect([record.outcome, record.message]).toEqual(['PASS', expect.any(String)]);
});
