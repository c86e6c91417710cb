import type { CheckRecord } from '../../harness/records/checkRecords.ts';
import { type ConcurrencySetting, LOOPBACK_CONCURRENCY } from '../../harness/targetIO/concurrency.ts';
import type { Scenario } from '../../harness/engine/scenario.ts';
import { runEngine } from '../../harness/engine/engine.ts';
import { type ScenarioResult, type TargetEngineOptions, targetSubject } from '../../target/targetSubject.ts';
import { describeUndeclared } from '../../harness/engine/sharedState.ts';
import type { TargetManifestFile } from '../../harness/targetIO/targetManifest.ts';
import { emulatorManifest, openTargetSession, type TargetSession } from '../../harness/targetIO/targetSession.ts';
import { addTallies } from '../../harness/targetIO/throttleRetry.ts';

// The project's tests go the way `run` goes, down to the engine (harness/engine/engine.ts):
// a session, the scenarios scheduled together, their records back. Test-only: not in the package.

export interface RunScenariosOptions {
  baseUrl: string;
  manifest?: Partial<TargetManifestFile>;
  seed?: number;
  /** Default: what `run` uses for a near target (harness/targetIO/concurrency.ts); the project's tests run on loopback. */
  concurrency?: ConcurrencySetting;
  scheduleSeed?: number;
  /** See LoopOptions.aloneReruns (harness/engine/engine.ts). */
  aloneReruns?: number;
  /** Told of each scenario's result (whether it depends on the schedule, what it used undeclared). */
  onResult?: (result: ScenarioResult) => void;
}

/**
 * The scenarios against a running target (usually an emulator from startEmulator, with the
 * emulator manifest by default). A scenario that used shared state it did not declare
 * throws: a defect of the suite, whatever test meets it.
 */
export async function runScenarios(scenarios: readonly Scenario[], options: RunScenariosOptions): Promise<CheckRecord[]> {
  const session = await openTargetSession(emulatorManifest(options.manifest), { baseUrl: options.baseUrl, seed: options.seed ?? 1 });
  try {
    const execution: TargetEngineOptions = {
      concurrency: options.concurrency ?? LOOPBACK_CONCURRENCY,
      ...(options.scheduleSeed !== undefined ? { scheduleSeed: options.scheduleSeed } : {}),
      ...(options.aloneReruns !== undefined ? { aloneReruns: options.aloneReruns } : {}),
    };
    const { results } = await runEngine(scenarios, targetSubject(session, execution), execution);
    for (const result of results) options.onResult?.(result);
    const undeclared = results.flatMap((result) => result.undeclared);
    if (undeclared.length > 0) throw new Error(undeclared.map(describeUndeclared).join('\n'));
    return results.flatMap((result) => result.records);
  } finally {
    await session.sink.close();
  }
}

/** For tests that open their own session: the scenarios through the engine, their records in the order given. */
export async function runScenarioList(scenarios: readonly Scenario[], session: TargetSession, concurrency = 1): Promise<CheckRecord[]> {
  const { results } = await runEngine(scenarios, targetSubject(session, { concurrency }), {});
  // The session's tally is what such a test reads: each scenario counted its own.
  for (const result of results) addTallies(session.throttling, result.throttling);
  return results.flatMap((result) => result.records);
}
