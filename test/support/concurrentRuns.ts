import { startEmulator } from '../../emulator/emulator.ts';
import type { CheckRecord } from '../../harness/records/checkRecords.ts';
import { runScenarios } from './runScenarios.ts';
import { ALL_SCENARIOS } from './emulatorRuns.ts';

// The whole suite against a fresh embedded emulator the way `run` executes it:
// every area in one session through the one engine (harness/engine/engine.ts),
// `concurrency` at a time as the scenarios' declared shared state allows.

export async function runWholeSuite(seed: number, concurrency: number): Promise<CheckRecord[]> {
  const emulator = await startEmulator();
  try {
    return await runScenarios(ALL_SCENARIOS, { baseUrl: emulator.url(), seed, concurrency });
  } finally {
    await emulator.close();
  }
}
