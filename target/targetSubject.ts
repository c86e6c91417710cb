import type { CheckRecord } from '../harness/records/checkRecords.ts';
import { journalInto, type JournalEntry } from '../harness/records/exchangeJournal.ts';
import { metered, ScenarioMeter, type ScenarioMetrics, withRerun } from '../harness/records/runMetrics.ts';
import { concurrencyLimit, type ConcurrencySetting } from '../harness/targetIO/concurrency.ts';
import { scenarioPace } from '../harness/engine/schedulePerturbation.ts';
import { describeUndeclared, footprintOf, type UndeclaredUse, webhookAllowanceOf } from '../harness/engine/sharedState.ts';
import { type WebhookFootprint } from '../harness/targetIO/heldWebhooks.ts';
import type { TargetSession } from '../harness/targetIO/targetSession.ts';
import { emptyTally, type ThrottleTally } from '../harness/targetIO/throttleRetry.ts';
import type { ItemReport } from '../harness/engine/engineEvents.ts';
import type { Scenario } from '../harness/engine/scenario.ts';
import { runScenario } from './scenarioRun.ts';
import { GuardedControlClient, SharedStateGuard } from '../harness/engine/sharedStateGuard.ts';
import type { EngineSubject, ItemRun, PlannedItem } from '../harness/engine/subject.ts';
import type { LoopOptions } from '../harness/engine/engine.ts';

// The target as the engine's subject (`run`, the vitest face and the project's tests), a peer of
// receiver/receiverSubject.ts and client/clientSubject.ts: the scenarios of every area against one
// target session, opened once by the caller (run/runTarget.ts), which outlives the engine. Each scenario holds to its declared shared state (harness/engine/sharedStateGuard.ts),
// is paced by the schedule seed, and counts its own throttling and calls.

export interface ScenarioResult {
  scenario: Scenario;
  records: CheckRecord[];
  /** The run's budget kept it from starting. */
  notRun?: true;
  /** Throttling the scenario waited out (never judged). */
  throttling: ThrottleTally;
  /** Its calls, its longest chain of them, its waits on the target, and the run's concurrency when it finished. */
  metrics: ScenarioMetrics;
  /** Every exchange, with recordExchanges. */
  exchanges?: JournalEntry[];
  /** Shared state it used without declaring it: a defect of the suite. */
  undeclared: UndeclaredUse[];
  /** It failed beside others and passed when run again alone. */
  dependsOnSchedule?: boolean;
  /** The run's webhook footprint when it finished (the last one finished has the run's). */
  webhooks: WebhookFootprint;
  /** The most webhooks of its own it held at once. */
  webhooksHeld: number;
  /** When it started (ms since the epoch) and how long it took: where a run's time goes. */
  startedMs: number;
  durationMs: number;
}

/** How the target's scenarios are run: `run`'s options for its subject. */
export interface TargetRunOptions {
  /** How many scenarios run at a time, or `auto`: as many as the target bears (harness/targetIO/adaptiveConcurrency.ts). */
  concurrency: ConcurrencySetting;
  /** Pauses each scenario's calls, drawn from it (`run --schedule-seed N`). */
  scheduleSeed?: number;
  /** Keep every exchange (`run --har`). */
  recordExchanges?: boolean;
}

/** `run`'s options: the engine's loop and the target subject's (concurrency, exchanges kept). */
export interface TargetEngineOptions extends LoopOptions, TargetRunOptions {}

/** What the faces are told of a scenario's result (plain data: vitest's worker receives it as it is). */
export function reportOf(result: ScenarioResult): ItemReport {
  const { scenario } = result;
  return {
    subject: 'target',
    group: scenario.area,
    itemId: scenario.id,
    title: scenario.title,
    requirements: scenario.requirements,
    records: result.records,
    startedMs: result.startedMs,
    durationMs: result.durationMs,
    throttling: result.throttling,
    metrics: result.metrics,
    webhooks: result.webhooks,
    ...(result.exchanges ? { exchanges: result.exchanges } : {}),
    ...(result.undeclared.length > 0 ? { undeclared: result.undeclared } : {}),
    ...(result.dependsOnSchedule ? { dependsOnSchedule: true } : {}),
    ...(result.notRun ? { notRun: true } : {}),
  };
}

async function runOne(
  planned: PlannedItem<Scenario>,
  session: TargetSession,
  options: TargetRunOptions,
  run: ItemRun,
): Promise<ScenarioResult> {
  const { item: scenario, footprint, webhooks } = planned;
  const { handle } = run;
  const guard = new SharedStateGuard(scenario.id, footprint, handle, session.webhooks, webhooks ?? 0);
  const pace = !run.alone && options.scheduleSeed !== undefined ? scenarioPace(options.scheduleSeed, scenario.id) : undefined;
  const recordExchanges = options.recordExchanges && !run.alone;
  const control = new GuardedControlClient(session.target, guard, pace);
  const exchanges: JournalEntry[] = [];
  // Its own tally: scenarios running at the same time must not count each other's throttling.
  const throttling = emptyTally();
  const startedMs = Date.now();
  const meter = new ScenarioMeter();
  // Its cleanup runs beside the next scenarios, holding only its shared state and webhook places.
  const bodyEnded = handle
    ? (ended: CheckRecord[]) => {
        run.bodyEnded(ended);
        handle.release();
      }
    : undefined;
  const { records, notRun } = await metered(meter, () =>
    runScenario(
      scenario,
      { ...session, control, throttling },
      {
        log: run.note,
        ...(run.recorded ? { recorded: run.recorded } : {}),
        ...(recordExchanges ? { journal: journalInto(exchanges, scenario.id) } : {}),
        guard,
        ...(pace ? { pace } : {}),
        ...(run.sending ? { sending: run.sending } : {}),
        ...(bodyEnded ? { bodyEnded } : {}),
      },
    ),
  );
  return {
    scenario,
    records,
    throttling,
    metrics: meter.summary(run.meter.snapshot(), session.gate.pacing),
    undeclared: guard.undeclared,
    webhooks: session.webhooks.snapshot(),
    webhooksHeld: guard.peakHeld,
    startedMs,
    durationMs: Date.now() - startedMs,
    ...(recordExchanges ? { exchanges } : {}),
    ...(notRun ? { notRun } : {}),
  };
}

export function targetSubject(session: TargetSession, options: TargetRunOptions): EngineSubject<Scenario, ScenarioResult> {
  return {
    subject: 'target',
    plan: (scenario) => ({
      id: scenario.id,
      item: scenario,
      group: scenario.area,
      footprint: footprintOf(scenario),
      webhooks: webhookAllowanceOf(scenario),
    }),
    limit: () => concurrencyLimit(options.concurrency, session.target.rateLimit.concurrency),
    webhookBudget: () => session.webhooks.budget,
    beside: () => options.concurrency === 'auto' || options.concurrency > 1 || options.scheduleSeed !== undefined,
    pastDeadline: () => session.budget !== undefined && Date.now() >= session.budget.deadline,
    run: (planned, run) => runOne(planned, session, options, run),
    ranAlone: (result, alone) => void (result.metrics = withRerun(result.metrics, alone.metrics)),
    report: reportOf,
    suiteErrors: (result) => result.undeclared.map(describeUndeclared),
    // Each scenario's result holds all it found: the run has nothing more to learn.
    learned: () => undefined,
  };
}
