import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator, type Emulator } from '../../../../emulator/emulator.ts';
import { runScenarioList } from '../../../support/runScenarios.ts';
import { loadManifest } from '../../../../harness/targetIO/targetManifest.ts';
import { SetupError } from '../../../../harness/records/setupError.ts';
import { openTargetSession } from '../../../../harness/targetIO/targetSession.ts';
import { SCENARIOS_BY_AREA } from '../../../../suites/scenarioIndex.ts';
import { received } from '../../../../fixtures/simulation/countingAdapter.ts';

// A manifest names its payment simulation adapter by a module path relative to
// itself; the decisioning scenarios then receive payments through it.

const fixture = (name: string) => fileURLToPath(new URL(`../../../../fixtures/simulation/${name}`, import.meta.url));
let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator.close();
});

test('the adapter module named in a manifest is loaded and used by the decisioning scenarios', async () => {
  const manifest = loadManifest(fixture('emulator-with-adapter.json'));
  expect(manifest.simulation).toBe(fixture('countingAdapter.ts'));
  const session = await openTargetSession(manifest, { baseUrl: emulator.url(), seed: 5 });
  expect(session.simulation.name).toBe('counting adapter (test fixture)');
  const consequences = SCENARIOS_BY_AREA.decisioning.filter((scenario) => scenario.id.startsWith('decisioning/consequence'));
  expect(consequences.length).toBeGreaterThan(0);
  const before = received.length;
  const records = await runScenarioList(consequences, session);
  expect(received.length).toBeGreaterThan(before);
  expect(records.filter((record) => record.outcome === 'FAIL' || record.outcome === 'UNTESTABLE')).toEqual([]);
});

test('a module that exports no adapter is a setup error naming it', async () => {
  const manifest = loadManifest(fixture('not-an-adapter.json'));
  await expect(openTargetSession(manifest, { baseUrl: emulator.url() })).rejects.toThrow(SetupError);
  await expect(openTargetSession(manifest, { baseUrl: emulator.url() })).rejects.toThrow(
    /notAnAdapter\.ts: its default export must be an adapter/,
  );
});
