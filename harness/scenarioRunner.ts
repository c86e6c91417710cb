import { afterAll, beforeAll, describe, test, type TestContext } from 'vitest';
import type { CheckRecord } from './checkRecords.ts';
import { isFailing } from './checkRecords.ts';
import { type ConcurrencySetting, defaultConcurrency } from './concurrency.ts';
import type { JournalEntry } from './exchangeJournal.ts';
import { providedRun } from './providedRun.ts';
import { AREAS, type Area, type Scenario } from './scenario.ts';
import { executeScenarios, type ExecutionOptions, type ScenarioResult } from './scenarioExecutor.ts';
import { describeUndeclared, type UndeclaredUse, type WebhookFootprint } from './sharedState.ts';
import type { TargetManifestFile } from './targetManifest.ts';
import type { ThrottleTally } from './throttleRetry.ts';
import type { ScenarioMetrics } from './runMetrics.ts';
import { emulatorManifest, openTargetSession } from './targetSession.ts';

// The vitest face of the one executor (harness/scenarioExecutor.ts): one target
// session for the run, every planned scenario of every area scheduled together,
// and one test per scenario that waits for its result and carries its check
// records in the task meta for the run pipeline (run/scenarioCollector.ts) and
// Allure (report/allureSetup.ts). A test fails exactly when a check is FAIL or UNTESTABLE.

export interface ConformanceMeta {
  area: Area;
  scenarioId: string;
  title: string;
  records: CheckRecord[];
  /** Throttling the scenario waited out (never judged). */
  throttling: ThrottleTally;
  /** Its calls and waits, and the run's concurrency when it finished (harness/runMetrics.ts). */
  metrics: ScenarioMetrics;
  /** Every exchange of the scenario, with `run --har`. */
  exchanges?: JournalEntry[];
  /** Shared state it used without declaring it: the run fails as a defect of the suite. */
  undeclared?: UndeclaredUse[];
  /** It failed beside other scenarios and passed alone. */
  dependsOnSchedule?: boolean;
  /** The run's webhook footprint when the scenario finished. */
  webhooks?: WebhookFootprint;
}

declare module 'vitest' {
  interface TaskMeta {
    conformance?: ConformanceMeta;
  }
}

const metaOf = (result: ScenarioResult): ConformanceMeta => ({
  area: result.scenario.area,
  scenarioId: result.scenario.id,
  title: result.scenario.title,
  records: result.records,
  throttling: result.throttling,
  metrics: result.metrics,
  ...(result.exchanges ? { exchanges: result.exchanges } : {}),
  ...(result.undeclared.length > 0 ? { undeclared: result.undeclared } : {}),
  ...(result.dependsOnSchedule ? { dependsOnSchedule: true } : {}),
  webhooks: result.webhooks,
});

/**
 * Each scenario's result for its test, as soon as the executor calls it final (onFinal);
 * undefined, at the run's end, for a scenario --fail-fast kept from starting.
 */
class ScenarioOutcomes {
  private readonly waiting = new Map<
    string,
    { promise: Promise<ScenarioResult | undefined>; settle: (result?: ScenarioResult) => void; fail: (error: unknown) => void }
  >();

  constructor(ids: readonly string[]) {
    for (const id of ids) {
      let settle!: (result?: ScenarioResult) => void;
      let fail!: (error: unknown) => void;
      const promise = new Promise<ScenarioResult | undefined>((resolve, reject) => {
        settle = resolve;
        fail = reject;
      });
      // A run that breaks rejects every waiting test; one with no test left waiting must not be unhandled.
      promise.catch(() => undefined);
      this.waiting.set(id, { promise, settle, fail });
    }
  }

  of(id: string): Promise<ScenarioResult | undefined> {
    return this.waiting.get(id)?.promise ?? Promise.resolve(undefined);
  }

  final(result: ScenarioResult): void {
    this.waiting.get(result.scenario.id)?.settle(result);
  }

  /** The run's end: what never ran settles as undefined (a promise settles once: the others keep their result). */
  ended(): void {
    for (const waiting of this.waiting.values()) waiting.settle(undefined);
  }

  broke(error: unknown): void {
    for (const waiting of this.waiting.values()) waiting.fail(error);
  }
}

/**
 * Registers the run: one describe per area, one test per planned scenario; the scenarios themselves
 * run in the executor, and each test ends as its scenario's result is final, so the reporters (the
 * progress display, Allure) take each as it comes rather than all at the end.
 */
export function conformanceSuite(scenariosByArea: Readonly<Record<Area, readonly Scenario[]>>): void {
  const run = providedRun();
  const planned = new Set(run.scenarioIds);
  const selected = AREAS.flatMap((area) => scenariosByArea[area].filter((scenario) => planned.has(scenario.id)));
  const outcomes = new ScenarioOutcomes(selected.map((scenario) => scenario.id));
  let execution: Promise<void> | undefined;
  let closeSession: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const session = await openTargetSession(run.manifest, run.session);
    closeSession = () => session.sink.close();
    // Not awaited here: each test waits for its own scenario's result.
    execution = executeScenarios(selected, session, {
      concurrency: run.concurrency,
      ...(run.scheduleSeed !== undefined ? { scheduleSeed: run.scheduleSeed } : {}),
      ...(run.failFast ? { failFast: true } : {}),
      ...(run.session.recordExchanges ? { recordExchanges: true } : {}),
      log: (scenarioId, message) => console.log(`${scenarioId}: ${message}`),
      onFinal: (result) => outcomes.final(result),
    }).then(
      () => outcomes.ended(),
      (error: unknown) => outcomes.broke(error),
    );
  });
  afterAll(async () => {
    await execution;
    await closeSession();
  });
  const body = (scenario: Scenario) => async (context: TestContext) => {
    const result = await outcomes.of(scenario.id);
    if (!result) {
      context.skip('not run: --fail-fast stopped the run after a failing scenario');
      return;
    }
    context.task.meta.conformance = metaOf(result);
    const failing = result.records.filter((record) => isFailing(record.outcome));
    if (result.undeclared.length > 0) throw new Error(result.undeclared.map(describeUndeclared).join('\n'));
    if (failing.length > 0) {
      const text = failing.map((record) => `${record.requirementId} ${record.outcome}: ${record.message}`).join('\n');
      // An AssertionError reads as "failed" in reports; UNTESTABLE alone stays a plain error ("broken").
      throw Object.assign(new Error(text), { name: failing.some((record) => record.outcome === 'FAIL') ? 'AssertionError' : 'Error' });
    }
    if (result.records.length > 0 && result.records.every((record) => record.outcome === 'SKIP')) context.skip(result.records[0]?.message);
  };
  const name = (scenario: Scenario) => `[${scenario.requirements.join(' ')}] ${scenario.title}`;
  for (const area of AREAS) {
    const ofArea = selected.filter((scenario) => scenario.area === area);
    if (ofArea.length === 0) continue;
    describe(area, () => {
      for (const scenario of ofArea) test.concurrent(name(scenario), body(scenario));
    });
  }
}

export interface RunScenariosOptions {
  baseUrl: string;
  manifest?: Partial<TargetManifestFile>;
  seed?: number;
  /** Default: what `run` uses for this base URL (harness/concurrency.ts). */
  concurrency?: ConcurrencySetting;
  scheduleSeed?: number;
  /** Test-only: see ExecutionOptions.seededDeclarationFault. */
  seededDeclarationFault?: string;
  /** See ExecutionOptions.aloneReruns. */
  aloneReruns?: number;
  /** Told of each scenario's result (whether it depends on the schedule, what it used undeclared). */
  onResult?: (result: ScenarioResult) => void;
}

/**
 * For the project's own tests: the scenarios against a running target (usually an
 * emulator from startEmulator, with the emulator manifest by default), through the
 * executor `run` uses. A scenario that used shared state it did not declare
 * throws: a defect of the suite, whatever test meets it.
 */
export async function runScenarios(scenarios: readonly Scenario[], options: RunScenariosOptions): Promise<CheckRecord[]> {
  const session = await openTargetSession(emulatorManifest(options.manifest), { baseUrl: options.baseUrl, seed: options.seed ?? 1 });
  try {
    const execution: ExecutionOptions = {
      concurrency: options.concurrency ?? defaultConcurrency(options.baseUrl),
      ...(options.scheduleSeed !== undefined ? { scheduleSeed: options.scheduleSeed } : {}),
      ...(options.seededDeclarationFault ? { seededDeclarationFault: options.seededDeclarationFault } : {}),
      ...(options.aloneReruns !== undefined ? { aloneReruns: options.aloneReruns } : {}),
    };
    const results = await executeScenarios(scenarios, session, execution);
    for (const result of results) options.onResult?.(result);
    const undeclared = results.flatMap((result) => result.undeclared);
    if (undeclared.length > 0) throw new Error(undeclared.map(describeUndeclared).join('\n'));
    return results.flatMap((result) => result.records);
  } finally {
    await session.sink.close();
  }
}
