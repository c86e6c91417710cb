import { afterAll, beforeAll, describe, test, type TestContext } from 'vitest';
import type { CheckRecord } from './checkRecords.ts';
import { journalInto, type JournalEntry } from './exchangeJournal.ts';
import { isFailing } from './checkRecords.ts';
import { providedRun } from './providedRun.ts';
import { runsAlone, type Area, type Scenario } from './scenario.ts';
import { runScenario, runScenarioList } from './scenarioEngine.ts';
import type { TargetManifestFile } from './targetManifest.ts';
import { emptyTally, type ThrottleTally } from './throttleRetry.ts';
import { emulatorManifest, openTargetSession, type TargetSession } from './targetSession.ts';

// The vitest face of the engine: one test per planned scenario, named by its
// requirement ids and its behaviour, carrying its check records in the task meta
// for the run pipeline (run/scenarioCollector.ts). A test fails exactly when a check is FAIL or UNTESTABLE.

export interface ConformanceMeta {
  area: Area;
  scenarioId: string;
  title: string;
  records: CheckRecord[];
  /** Throttling the scenario waited out (never judged). */
  throttling: ThrottleTally;
  /** Every exchange of the scenario, with `run --har`. */
  exchanges?: JournalEntry[];
}

declare module 'vitest' {
  interface TaskMeta {
    conformance?: ConformanceMeta;
  }
}

/** One test per scenario of the plan; with a concurrency above 1 the ones that hold nothing run concurrently, the holders alone afterwards. */
export function conformanceSuite(area: Area, scenarios: readonly Scenario[]): void {
  const run = providedRun();
  const planned = new Set(run.scenarioIds);
  const selected = scenarios.filter((scenario) => planned.has(scenario.id));
  const together = run.concurrency > 1 ? selected.filter((scenario) => !runsAlone(scenario)) : [];
  const alone = selected.filter((scenario) => !together.includes(scenario));
  describe(area, () => {
    let session: TargetSession;
    beforeAll(async () => {
      session = await openTargetSession(run.manifest, run.session);
    });
    afterAll(async () => {
      await session?.sink.close();
    });
    const body = (scenario: Scenario) => async (context: TestContext) => {
      const exchanges: JournalEntry[] = [];
      const journal = run.session.recordExchanges ? journalInto(exchanges, scenario.id) : undefined;
      // Its own tally: scenarios running at the same time must not count each other's throttling.
      const throttling = emptyTally();
      const records = await runScenario(scenario, { ...session, throttling }, (message) => console.log(`${scenario.id}: ${message}`), journal);
      context.task.meta.conformance = { area, scenarioId: scenario.id, title: scenario.title, records, throttling, ...(journal ? { exchanges } : {}) };
      const failing = records.filter((record) => isFailing(record.outcome));
      if (failing.length > 0) {
        const text = failing.map((record) => `${record.requirementId} ${record.outcome}: ${record.message}`).join('\n');
        // An AssertionError reads as "failed" in reports; UNTESTABLE alone stays a plain error ("broken").
        throw Object.assign(new Error(text), { name: failing.some((record) => record.outcome === 'FAIL') ? 'AssertionError' : 'Error' });
      }
      const skipped = records.length > 0 && records.every((record) => record.outcome === 'SKIP');
      if (skipped) context.skip(records[0]?.message);
    };
    const name = (scenario: Scenario) => `[${scenario.requirements.join(' ')}] ${scenario.title}`;
    for (const scenario of together) test.concurrent(name(scenario), body(scenario));
    for (const scenario of alone) test(name(scenario), body(scenario));
  });
}

/**
 * For the project's own tests: run scenarios in-process against a running target
 * (usually an emulator from startEmulator), with the emulator manifest by default.
 */
export async function runScenarios(
  scenarios: readonly Scenario[],
  options: { baseUrl: string; manifest?: Partial<TargetManifestFile>; seed?: number; concurrency?: number },
): Promise<CheckRecord[]> {
  const session = await openTargetSession(emulatorManifest(options.manifest), { baseUrl: options.baseUrl, seed: options.seed ?? 1 });
  try {
    return await runScenarioList(scenarios, session, options.concurrency);
  } finally {
    await session.sink.close();
  }
}
