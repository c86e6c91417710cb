import { startEmulator } from '../../emulator/emulator.ts';
import type { CheckRecord } from '../../harness/checkRecords.ts';
import { AREAS } from '../../harness/scenario.ts';
import { runScenarioList } from '../../harness/scenarioExecutor.ts';
import { emulatorManifest, openTargetSession } from '../../harness/targetSession.ts';
import { SCENARIOS_BY_AREA } from '../../suites/scenarioIndex.ts';

// The whole suite against a fresh embedded emulator the way `run` executes it:
// area after area, within an area the scenarios that hold nothing `concurrency`
// at a time and the holders alone afterwards (harness/scenarioEngine.ts).

export async function runSuiteByArea(seed: number, concurrency: number): Promise<CheckRecord[]> {
  const emulator = await startEmulator();
  try {
    const session = await openTargetSession(emulatorManifest(), { baseUrl: emulator.url(), seed });
    const records: CheckRecord[] = [];
    for (const area of AREAS) records.push(...await runScenarioList(SCENARIOS_BY_AREA[area], session, concurrency));
    return records;
  } finally {
    await emulator.close();
  }
}
