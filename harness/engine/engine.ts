import type { CheckRecord } from '../records/checkRecords.ts';
import { isFailing } from '../records/checkRecords.ts';
import type { EngineListener, ScenarioReport } from './engineEvents.ts';
import { journalInto, type JournalEntry } from '../records/exchangeJournal.ts';
import type { Scenario } from './scenario.ts';
import { runScenario } from './scenarioRun.ts';
import { moversFirst, schedule, type ScheduleHandle } from './scenarioScheduler.ts';
import { scenarioPace, shuffled } from '../target/schedulePerturbation.ts';
import {
  describeUndeclared,
  footprintOf,
  type Footprint,
  type UndeclaredUse,
  type WebhookFootprint,
  webhookAllowanceOf,
} from '../target/sharedState.ts';
import { GuardedControlClient, SharedStateGuard } from './sharedStateGuard.ts';
import type { TargetSession } from '../target/targetSession.ts';
import { emptyTally, type ThrottleTally } from '../target/throttleRetry.ts';
import type { CallAnswer } from '../target/adaptiveConcurrency.ts';
import { concurrencyLimit, type ConcurrencySetting } from '../target/concurrency.ts';
import { ConcurrencyMeter, metered, ScenarioMeter, type ScenarioMetrics, withRerun } from '../records/runMetrics.ts';

// The engine: the one loop over scenarios, what `run` uses in the command's own process
// and what the project's tests use (their helpers under test/support/). One session, every
// planned scenario of every area, started by the scheduler (harness/engine/scenarioScheduler.ts)
// as their declared shared state allows; with a schedule seed, in a shuffled order with
// small pauses at each call. A scenario that failed while others ran beside it is run once
// more alone: if it passes then, its failure depends on the schedule, and the report says so.
// It tells its faces what happens through EngineEvents (harness/engine/engineEvents.ts): each
// check as it is first recorded (the recorder folds repeated passes into one record whose count
// grows later, so the record a scenario ends with is in its scenario-final).

/** At most this many failing scenarios are run again alone, so a broken target does not double the run. */
export const MAX_ALONE_RERUNS = 8;

export interface EngineOptions {
  /** How many scenarios run at a time, or `auto`: as many as the target bears (harness/target/adaptiveConcurrency.ts). */
  concurrency: ConcurrencySetting;
  /** Perturbs the schedule (start order, pauses between calls) deterministically: `run --schedule-seed N`. */
  scheduleSeed?: number;
  /** Start no scenario after one has failed (`run --fail-fast`). */
  failFast?: boolean;
  /** Keep every exchange (`run --har`). */
  recordExchanges?: boolean;
  /**
   * The faces: told the run's start, each scenario's start and notes, each scenario's report once
   * it can no longer change (as it finishes when nothing in it fails, else after the runs alone,
   * which may mark it dependsOnSchedule), and the run's end.
   */
  listener?: EngineListener;
  /**
   * How many failed scenarios are run again alone to tell a failure of the target from one
   * of the schedule (default MAX_ALONE_RERUNS). The kill matrix, which reads only outcomes, asks none.
   */
  aloneReruns?: number;
  /**
   * The run's concurrency limit as it changes, for its metrics: an adaptive limiter tells it each
   * change (concurrencyChanged). Default: one that stays at `concurrency`.
   */
  concurrencyMeter?: ConcurrencyMeter;
}

export interface ScenarioResult {
  scenario: Scenario;
  records: CheckRecord[];
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

interface Planned {
  id: string;
  scenario: Scenario;
  footprint: Footprint;
  webhooks: number;
}

/** What the faces are told of a scenario's result (plain data: vitest's worker receives it as it is). */
export function reportOf(result: ScenarioResult): ScenarioReport {
  const { scenario } = result;
  return {
    subject: 'target',
    group: scenario.area,
    scenarioId: scenario.id,
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
  };
}

/** What each scenario of one execution is run with: the run's concurrency meter, and the limit's ear on each call. */
interface RunOptions extends EngineOptions {
  concurrencyMeter: ConcurrencyMeter;
  sending?: () => (answer: CallAnswer) => void;
  /** Told each scenario's checks as its body ends, before its cleanup lets another start beside it. */
  bodyEnded?: (records: CheckRecord[]) => void;
}

async function runOne(
  planned: Planned,
  session: TargetSession,
  options: RunOptions,
  handle?: ScheduleHandle,
  paced = true,
): Promise<ScenarioResult> {
  const { scenario, footprint } = planned;
  const guard = new SharedStateGuard(scenario.id, footprint, handle, session.webhooks, webhookAllowanceOf(scenario));
  const pace = paced && options.scheduleSeed !== undefined ? scenarioPace(options.scheduleSeed, scenario.id) : undefined;
  const control = new GuardedControlClient(session.target, guard, pace);
  const exchanges: JournalEntry[] = [];
  // Its own tally: scenarios running at the same time must not count each other's throttling.
  const throttling = emptyTally();
  const startedMs = Date.now();
  const meter = new ScenarioMeter();
  // Its cleanup runs beside the next scenarios, holding only its shared state and webhook places.
  const bodyEnded = handle
    ? (ended: CheckRecord[]) => {
        options.bodyEnded?.(ended);
        handle.release();
      }
    : undefined;
  const records = await metered(meter, () =>
    runScenario(
      scenario,
      { ...session, control, throttling },
      {
        log: (text) => options.listener?.({ type: 'scenario-note', scenarioId: scenario.id, text }),
        ...(options.listener
          ? { recorded: (record: CheckRecord) => options.listener?.({ type: 'check-recorded', scenarioId: scenario.id, record }) }
          : {}),
        ...(options.recordExchanges ? { journal: journalInto(exchanges, scenario.id) } : {}),
        guard,
        ...(pace ? { pace } : {}),
        ...(options.sending ? { sending: options.sending } : {}),
        ...(bodyEnded ? { bodyEnded } : {}),
      },
    ),
  );
  return {
    scenario,
    records,
    throttling,
    metrics: meter.summary(options.concurrencyMeter.snapshot()),
    undeclared: guard.undeclared,
    webhooks: session.webhooks.snapshot(),
    webhooksHeld: guard.peakHeld,
    startedMs,
    durationMs: Date.now() - startedMs,
    ...(options.recordExchanges ? { exchanges } : {}),
  };
}

const failed = (result: ScenarioResult): boolean => result.records.some((record) => isFailing(record.outcome));
/** A scenario the budget kept from starting did not run, so running it alone says nothing. */
const ran = (result: ScenarioResult): boolean => !result.records.every((record) => record.message.startsWith('not run: '));

/** Runs the scenarios against the session; the results in the order given. Scenarios --fail-fast kept from starting are left out. */
export async function runEngine(scenarios: readonly Scenario[], session: TargetSession, options: EngineOptions): Promise<ScenarioResult[]> {
  const planned: Planned[] = scenarios.map((scenario) => ({
    id: scenario.id,
    scenario,
    footprint: footprintOf(scenario),
    webhooks: webhookAllowanceOf(scenario),
  }));
  const order = options.scheduleSeed === undefined ? moversFirst(planned) : shuffled(planned, options.scheduleSeed);
  const limit = concurrencyLimit(options.concurrency, session.target.rateLimit.concurrency);
  const concurrencyMeter = options.concurrencyMeter ?? new ConcurrencyMeter(limit.value);
  // The one place the run's metrics hear of the limit's changes.
  const stopMetering = limit.onChange((value) => concurrencyMeter.concurrencyChanged(value));
  const sending = limit.sending?.bind(limit);
  const tell = options.listener ?? (() => {});
  const final = (result: ScenarioResult) => tell({ type: 'scenario-final', report: reportOf(result) });
  tell({
    type: 'run-started',
    subject: 'target',
    planned: scenarios.map((scenario) => ({ group: scenario.area, scenarioId: scenario.id })),
  });
  let stop = false;
  const run: RunOptions = {
    ...options,
    concurrencyMeter,
    ...(sending ? { sending } : {}),
    // --fail-fast stops before a failing scenario's cleanup would let the next one start.
    bodyEnded: (records) => {
      if (options.failFast && records.some((record) => isFailing(record.outcome))) stop = true;
    },
  };
  const results = await schedule(
    order,
    limit,
    async (item, handle) => {
      tell({ type: 'scenario-started', group: item.scenario.area, scenarioId: item.id });
      const result = await runOne(item, session, run, handle);
      if (options.failFast && failed(result)) stop = true;
      if (!failed(result)) final(result);
      return result;
    },
    () => stop,
    session.webhooks.budget,
  );
  stopMetering();
  const inOrder = planned.flatMap((item) => {
    const result = results.get(item);
    return result ? [{ item, result }] : [];
  });
  // Alone, nothing else can disturb it: a failure that goes away was the schedule's.
  const beside = options.concurrency === 'auto' || options.concurrency > 1 || options.scheduleSeed !== undefined;
  const rerun = beside
    ? inOrder.filter(({ result }) => failed(result) && ran(result)).slice(0, options.aloneReruns ?? MAX_ALONE_RERUNS)
    : [];
  for (const { item, result } of rerun) {
    if (session.budget && Date.now() >= session.budget.deadline) break;
    const alone = await runOne(item, session, { ...run, recordExchanges: false }, undefined, false);
    if (!failed(alone)) result.dependsOnSchedule = true;
    result.metrics = withRerun(result.metrics, alone.metrics);
  }
  for (const { result } of inOrder) if (failed(result)) final(result);
  const finished = inOrder.map(({ result }) => result);
  tell({
    type: 'run-finished',
    reports: finished.map(reportOf),
    suiteErrors: finished.flatMap((result) => result.undeclared.map(describeUndeclared)),
  });
  return finished;
}
