import { fileURLToPath } from 'node:url';
import type { Reporter } from 'vitest/node';
import { createVitest } from 'vitest/node';
import type { ConformanceMeta } from '../harness/scenarioRunner.ts';
import type { ProvidedRun } from '../harness/providedRun.ts';
import type { SessionOptions } from '../harness/targetSession.ts';
import type { TargetManifestFile } from '../harness/targetManifest.ts';
import type { RunPlan } from './runPlan.ts';
import { type ExecutionListener, ScenarioCollector } from './scenarioCollector.ts';

// The execute stage: the planned scenarios against the target, in the vitest
// workers of the conformance project (one file per area, one test per scenario).
// The plan reaches them through vitest's typed provide/inject (harness/providedRun.ts);
// the check records come back in each test's meta (run/scenarioCollector.ts).

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface ExecutionRequest {
  plan: RunPlan;
  manifest: TargetManifestFile;
  session: SessionOptions;
  concurrency: number;
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
  };
  const startedAt = new Date().toISOString();
  const vitest = await createVitest('test', {
    root: PROJECT_ROOT,
    config: `${PROJECT_ROOT}/vitest.config.ts`,
    project: 'conformance',
    watch: false,
    reporters: [collector, ...request.reporters],
    maxConcurrency: request.concurrency,
    // A conformance test fails exactly when a check is FAIL or UNTESTABLE.
    ...(plan.failFast ? { bail: 1 } : {}),
  });
  try {
    for (const project of vitest.projects) project.provide('conformanceRun', provided);
    await vitest.start(plan.selection.areas.map((area) => `suites/${area}/`));
  } finally {
    await vitest.close();
  }
  const position = new Map(provided.scenarioIds.map((id, index) => [id, index]));
  const scenarios = [...collector.scenarios].sort((a, b) => (position.get(a.scenarioId) ?? 0) - (position.get(b.scenarioId) ?? 0));
  return { scenarios, suiteErrors: collector.suiteErrors, startedAt };
}
