import { afterAll, beforeAll, describe, test, type TestContext } from 'vitest';
import type { ItemReport } from '../engine/engineEvents.ts';
import { testOutcome } from '../engine/testOutcome.ts';
import { type EmbeddedRun, providedEmbeddedRun } from './providedRun.ts';
import { AREAS, type Area, type Scenario } from '../engine/scenario.ts';
import { runEngine } from '../engine/engine.ts';
import { targetSubject } from '../../target/targetSubject.ts';
import { defaultConcurrency } from '../targetIO/concurrency.ts';
import { emulatorManifest, openTargetSession } from '../targetIO/targetSession.ts';

// The vitest face of the engine (harness/engine/engine.ts), for `npx vitest --project
// conformance`: one test per scenario, a describe per area, the engine run here against the
// embedded emulator vitest started (run/embeddedConformance.ts), each test waiting for its
// scenario's report. A test ends as harness/engine/testOutcome.ts reads the report; the report
// goes in the task meta for Allure's labels (report/allureSetup.ts). No command loads this:
// `run` and `receiver` write Allure directly (report/allureWriter.ts).

declare module 'vitest' {
  interface TaskMeta {
    conformance?: ItemReport;
  }
}

const NO_REPORT = 'not run: the engine ended without a report of this scenario';

export const testName = (report: Pick<ItemReport, 'requirements' | 'title'>): string =>
  `[${report.requirements.join(' ')}] ${report.title}`;

/** Ends a scenario's test as its report says. */
function settle(report: ItemReport, context: TestContext): void {
  context.task.meta.conformance = report;
  const outcome = testOutcome(report);
  if (outcome.status === 'skipped') context.skip(outcome.reason);
  // An AssertionError reads as "failed" in reports; a plain error as "broken".
  if (outcome.status === 'failed' || outcome.status === 'broken')
    throw Object.assign(new Error(outcome.message), { name: outcome.status === 'failed' ? 'AssertionError' : 'Error' });
}

/** Each scenario's report once the engine calls it final; undefined, at the run's end, for one it never started. */
class AwaitedReports {
  private readonly waiting = new Map<string, { promise: Promise<ItemReport | undefined>; settle: (report?: ItemReport) => void }>();
  private readonly broken: Array<(error: unknown) => void> = [];

  constructor(ids: readonly string[]) {
    for (const id of ids) {
      let settle!: (report?: ItemReport) => void;
      const promise = new Promise<ItemReport | undefined>((resolve, reject) => {
        settle = resolve;
        this.broken.push(reject);
      });
      // A run that breaks rejects every waiting test; one with no test left waiting must not be unhandled.
      promise.catch(() => undefined);
      this.waiting.set(id, { promise, settle });
    }
  }

  of = (id: string): Promise<ItemReport | undefined> => this.waiting.get(id)?.promise ?? Promise.resolve(undefined);
  final = (report: ItemReport): void => this.waiting.get(report.itemId)?.settle(report);
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
    const session = await openTargetSession(emulatorManifest(), { baseUrl: run.baseUrl, seed: run.seed });
    closeSession = () => session.sink.close();
    // Not awaited here: each test waits for its own scenario's report.
    // The embedded emulator is in this process, as a run's is: the same concurrency as `run`.
    const subject = targetSubject(session, { concurrency: defaultConcurrency(undefined) });
    execution = runEngine(selected, subject, {
      listener: (event) => {
        if (event.type === 'item-final') reports.final(event.report);
        if (event.type === 'item-note') console.log(`${event.itemId}: ${event.text}`);
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

/** Registers the conformance tests: the engine run here against the embedded emulator. The scenarios are loaded only then. */
export async function conformanceTests(scenarios: () => Promise<Readonly<Record<Area, readonly Scenario[]>>>): Promise<void> {
  const embedded = providedEmbeddedRun();
  if (!embedded)
    throw new Error('nothing was provided: run the suites with `npx vitest --project conformance` or `npx banking-api-conformance run`');
  engineTests(await scenarios(), embedded);
}
