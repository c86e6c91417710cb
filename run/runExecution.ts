import { fileURLToPath } from 'node:url';
import type { Reporter } from 'vitest/node';
import { createVitest } from 'vitest/node';
import type { ConcurrencySetting } from '../harness/concurrency.ts';
import type { ConformanceMeta } from '../harness/scenarioRunner.ts';
import type { ProvidedRun } from '../harness/providedRun.ts';
import type { SessionOptions } from '../harness/targetSession.ts';
import type { TargetManifestFile } from '../harness/targetManifest.ts';
import type { RunPlan } from './runPlan.ts';
import { type ExecutionListener, ScenarioCollector } from './scenarioCollector.ts';

// The execute stage: the planned scenarios against the target, in a vitest worker
// of the conformance project: one file (suites/run.conformance.ts), one session,
// one executor that schedules every area's scenarios together
// (harness/scenarioExecutor.ts), one test per scenario. The plan reaches it through
// vitest's typed provide/inject (harness/providedRun.ts); the check records come
// back in each test's meta (run/scenarioCollector.ts).

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What a scenario started just before the budget's end may still take (a slow sandbox's scenario can take minutes). */
const TEST_TIMEOUT_MARGIN_MS = 15 * 60_000;

export interface ExecutionRequest {
  plan: RunPlan;
  manifest: TargetManifestFile;
  session: SessionOptions;
  concurrency: ConcurrencySetting;
  listener: ExecutionListener;
  verbose: boolean;
  /** Reporters that watch the tests themselves (Allure). */
  reporters: Reporter[];
}

export interface Execution {
  /** In the plan's order, whatever order they finished in. */
  scenarios: ConformanceMeta[];
  suiteErrors: string[];
  startedAt: string;
}

export async function executeRun(request: ExecutionRequest): Promise<Execution> {
  const { plan } = request;
  const collector = new ScenarioCollector(request.listener, request.verbose);
  const provided: ProvidedRun = {
    manifest: request.manifest,
    session: request.session,
    scenarioIds: plan.selection.scenarios.map((scenario) => scenario.id),
    concurrency: request.concurrency,
    ...(plan.scheduleSeed !== undefined ? { scheduleSeed: plan.scheduleSeed } : {}),
    ...(plan.failFast ? { failFast: true } : {}),
  };
  const startedAt = new Date().toISOString();
  const vitest = await createVitest('test', {
    root: PROJECT_ROOT,
    config: `${PROJECT_ROOT}/vitest.config.ts`,
    project: 'conformance',
    watch: false,
    reporters: [collector, ...request.reporters],
    // Every test only waits for its scenario's result; the executor decides what runs at once.
    maxConcurrency: Math.max(1, provided.scenarioIds.length),
    // A test waits from the start of the run: it may take the whole budget, and the budget's end stops what has not started.
    testTimeout: plan.budgetMinutes * 60_000 + TEST_TIMEOUT_MARGIN_MS,
  });
  try {
    for (const project of vitest.projects) project.provide('conformanceRun', provided);
    await vitest.start([]);
  } finally {
    await vitest.close();
  }
  const position = new Map(provided.scenarioIds.map((id, index) => [id, index]));
  const scenarios = [...collector.scenarios].sort((a, b) => (position.get(a.scenarioId) ?? 0) - (position.get(b.scenarioId) ?? 0));
  return { scenarios, suiteErrors: collector.suiteErrors, startedAt };
}
