import type { ConcurrencySetting } from '../harness/targetIO/concurrency.ts';
import type { EngineListener, ItemReport } from '../harness/engine/engineEvents.ts';
import { runEngine } from '../harness/engine/engine.ts';
import { targetSubject } from '../target/targetSubject.ts';
import type { TargetSession } from '../harness/targetIO/targetSession.ts';
import type { RunPlan } from './runPlan.ts';

// The execute stage: the engine (harness/engine/engine.ts) in this process, on the run's
// one target session, telling each event to the run's faces as it happens; what it brings
// back is the reports of the scenarios, in the plan's order, and the suite's own defects.

export interface ExecutionRequest {
  plan: RunPlan;
  session: TargetSession;
  concurrency: ConcurrencySetting;
  /** Keep every exchange (`--har`). */
  recordExchanges: boolean;
  /** The faces that watch the run as it goes (the progress display). */
  listener: EngineListener;
}

export interface Execution {
  /** In the plan's order, whatever order they finished in. */
  scenarios: ItemReport[];
  /** Defects of the suite itself (shared state used undeclared): never the target's fault. */
  suiteErrors: string[];
  startedAt: string;
}

/**
 * For the faces that show every planned scenario (Allure): the scenarios --fail-fast kept from
 * starting, each a report whose records only SKIP saying so. Never judged: the judgement reads the execution.
 */
export function notStartedReports(plan: RunPlan, execution: Execution): ItemReport[] {
  const reported = new Set(execution.scenarios.map((report) => report.itemId));
  const startedMs = Date.parse(execution.startedAt);
  return plan.selection.scenarios
    .filter((scenario) => !reported.has(scenario.id))
    .map((scenario) => ({
      subject: 'target',
      group: scenario.area,
      itemId: scenario.id,
      title: scenario.title,
      requirements: scenario.requirements,
      records: scenario.requirements.map((requirementId) => ({
        requirementId,
        itemId: scenario.id,
        outcome: 'SKIP',
        message: 'not run: the run stopped after a failing scenario (fail-fast)',
      })),
      notRun: true,
      startedMs,
      durationMs: 0,
    }));
}

export async function executeRun(request: ExecutionRequest): Promise<Execution> {
  const { plan } = request;
  const startedAt = new Date().toISOString();
  const options = {
    concurrency: request.concurrency,
    ...(plan.scheduleSeed !== undefined ? { scheduleSeed: plan.scheduleSeed } : {}),
    ...(request.recordExchanges ? { recordExchanges: true } : {}),
  };
  const subject = targetSubject(request.session, options);
  const { results } = await runEngine(plan.selection.scenarios, subject, {
    ...options,
    ...(plan.failFast ? { failFast: true } : {}),
    listener: request.listener,
  });
  return {
    scenarios: results.map((result) => subject.report(result)),
    suiteErrors: results.flatMap((result) => subject.suiteErrors(result)),
    startedAt,
  };
}
