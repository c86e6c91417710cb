import { afterAll, beforeAll, describe, test, type TestContext } from 'vitest';
import { isFailing } from '../records/checkRecords.ts';
import type { ScenarioReport } from '../engine/engineEvents.ts';
import { type EmbeddedRun, providedEmbeddedRun, providedReports } from './providedRun.ts';
import { AREAS, type Area, type Scenario } from '../engine/scenario.ts';
import { describeUndeclared } from '../target/sharedState.ts';

// The vitest face of the engine (harness/engine/engine.ts): one test per scenario, a
// describe per group. Fed a finished run's reports (report/allureFace.ts: Allure through
// allure-vitest), each test only ends as its report says; with none, for a person's
// `npx vitest --project conformance`, the engine runs here against the embedded emulator
// vitest started (run/embeddedConformance.ts) and each test waits for its scenario's report.
// A test fails exactly when a check is FAIL or UNTESTABLE; its report goes in the task meta
// for Allure's labels (report/allureSetup.ts).

declare module 'vitest' {
  interface TaskMeta {
    conformance?: ScenarioReport;
  }
}

const NO_REPORT = 'not run: the engine ended without a report of this scenario';

export const testName = (report: Pick<ScenarioReport, 'requirements' | 'title'>): string =>
  `[${report.requirements.join(' ')}] ${report.title}`;

/** Ends a scenario's test as its report says. */
function settle(report: ScenarioReport, context: TestContext): void {
  context.task.meta.conformance = report;
  if (report.undeclared?.length) throw new Error(report.undeclared.map(describeUndeclared).join('\n'));
  const failing = report.records.filter((record) => isFailing(record.outcome));
  if (failing.length > 0) {
    const text = failing.map((record) => `${record.requirementId} ${record.outcome}: ${record.message}`).join('\n');
    // An AssertionError reads as "failed" in reports; UNTESTABLE alone stays a plain error ("broken").
    throw Object.assign(new Error(text), { name: failing.some((record) => record.outcome === 'FAIL') ? 'AssertionError' : 'Error' });
  }
  if (report.records.length > 0 && report.records.every((record) => record.outcome === 'SKIP')) context.skip(report.records[0]?.message);
}

/** A finished run's reports: one describe per group, in the order the groups first come. */
function reportTests(reports: readonly ScenarioReport[]): void {
  const groups = [...new Set(reports.map((report) => report.group))];
  for (const group of groups) {
    describe(group, () => {
      for (const report of reports.filter((each) => each.group === group)) test(testName(report), (context) => settle(report, context));
    });
  }
}

/** Each scenario's report once the engine calls it final; undefined, at the run's end, for one it never started. */
class AwaitedReports {
  private readonly waiting = new Map<string, { promise: Promise<ScenarioReport | undefined>; settle: (report?: ScenarioReport) => void }>();
  private readonly broken: Array<(error: unknown) => void> = [];

  constructor(ids: readonly string[]) {
    for (const id of ids) {
      let settle!: (report?: ScenarioReport) => void;
      const promise = new Promise<ScenarioReport | undefined>((resolve, reject) => {
        settle = resolve;
        this.broken.push(reject);
      });
      // A run that breaks rejects every waiting test; one with no test left waiting must not be unhandled.
      promise.catch(() => undefined);
      this.waiting.set(id, { promise, settle });
    }
  }

  of = (id: string): Promise<ScenarioReport | undefined> => this.waiting.get(id)?.promise ?? Promise.resolve(undefined);
  final = (report: ScenarioReport): void => this.waiting.get(report.scenarioId)?.settle(report);
  /** A promise settles once: those already final keep their report. */
  ended = (): void => this.waiting.forEach((waiting) => waiting.settle(undefined));
  broke = (error: unknown): void => this.broken.forEach((reject) => reject(error));
}

/** The engine in this worker against the embedded emulator; each test waits for its scenario's report. */
function engineTests(scenariosByArea: Readonly<Record<Area, readonly Scenario[]>>, run: EmbeddedRun): void {
  const planned = new Set(run.scenarioIds);
  const selected = AREAS.flatMap((area) => scenariosByArea[area].filter((scenario) => planned.has(scenario.id)));
  const reports = new AwaitedReports(selected.map((scenario) => scenario.id));
  let execution: Promise<void> | undefined;
  let closeSession = async (): Promise<void> => {};
  beforeAll(async () => {
    // Loaded here only: the Allure face of a finished run never needs the engine.
    const { emulatorManifest, openTargetSession } = await import('../target/targetSession.ts');
    const { runEngine } = await import('../engine/engine.ts');
    const session = await openTargetSession(emulatorManifest(), { baseUrl: run.baseUrl, seed: run.seed });
    closeSession = () => session.sink.close();
    // Not awaited here: each test waits for its own scenario's report.
    execution = runEngine(selected, session, {
      concurrency: 8,
      listener: (event) => {
        if (event.type === 'scenario-final') reports.final(event.report);
        if (event.type === 'scenario-note') console.log(`${event.scenarioId}: ${event.text}`);
      },
    }).then(reports.ended, reports.broke);
  });
  afterAll(async () => {
    await execution;
    await closeSession();
  });
  for (const area of AREAS) {
    const ofArea = selected.filter((scenario) => scenario.area === area);
    if (ofArea.length === 0) continue;
    describe(area, () => {
      for (const scenario of ofArea) {
        test.concurrent(testName(scenario), async (context) => {
          const report = await reports.of(scenario.id);
          if (report) settle(report, context);
          else context.skip(NO_REPORT);
        });
      }
    });
  }
}

/**
 * Registers the conformance tests: of the reports provided, else of the engine run here. The
 * scenarios are only loaded for the engine: a finished run's reports carry what their tests show.
 */
export async function conformanceTests(scenarios: () => Promise<Readonly<Record<Area, readonly Scenario[]>>>): Promise<void> {
  const reports = providedReports();
  if (reports) return reportTests(reports);
  const embedded = providedEmbeddedRun();
  if (!embedded)
    throw new Error('nothing was provided: run the suites with `npx vitest --project conformance` or `npx banking-api-conformance run`');
  engineTests(await scenarios(), embedded);
}
