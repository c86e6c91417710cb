import type { TestProject } from 'vitest/node';
import { startEmulator } from '../emulator/emulator.ts';
import { AREAS, type Area } from '../harness/engine/scenario.ts';
import { selectScenarios } from './scenarioSelection.ts';

// vitest's global setup of the conformance project (report/conformance.vitest.config.ts), run
// by a person (`npx vitest --project conformance`, an IDE's test explorer): it starts the
// embedded emulator in vitest's own process and hands the worker its URL, where
// suites/run.conformance.ts runs the engine against it. CONFORMANCE_ONLY (areas, as
// `run --only`) and CONFORMANCE_GREP (text or a scenario id, as `run --grep`) narrow it.

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const only = process.env.CONFORMANCE_ONLY;
  const grep = process.env.CONFORMANCE_GREP;
  const areas = only?.split(',').map((area) => area.trim());
  const unknown = areas?.filter((area) => !(AREAS as readonly string[]).includes(area));
  if (unknown?.length) throw new Error(`CONFORMANCE_ONLY: unknown area ${unknown.join(', ')}; areas are ${AREAS.join(', ')}`);
  const selection = selectScenarios({ ...(areas ? { areas: areas as Area[] } : {}), ...(grep ? { grep } : {}) });
  const emulator = await startEmulator();
  project.provide('embeddedRun', {
    baseUrl: emulator.url(),
    scenarioIds: selection.scenarios.map((scenario) => scenario.id),
    seed: Math.floor(Math.random() * 2 ** 31),
  });
  return () => emulator.close();
}
