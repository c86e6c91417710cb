import type { CheckRecord } from './checkRecords.ts';
import { isFailing } from './checkRecords.ts';
import { journalInto, type JournalEntry } from './exchangeJournal.ts';
import type { Scenario } from './scenario.ts';
import { runScenario } from './scenarioEngine.ts';
import { moversFirst, schedule, type ScheduleHandle } from './scenarioScheduler.ts';
import { scenarioPace, shuffled } from './schedulePerturbation.ts';
import { footprintOf, type Footprint, type UndeclaredUse, type WebhookFootprint, webhookAllowanceOf } from './sharedState.ts';
import { GuardedControlClient, SharedStateGuard } from './sharedStateGuard.ts';
import type { TargetSession } from './targetSession.ts';
import { addTallies, emptyTally, type ThrottleTally } from './throttleRetry.ts';
import type { CallAnswer } from './adaptiveConcurrency.ts';
import { concurrencyLimit, type ConcurrencySetting } from './concurrency.ts';
import { ConcurrencyMeter, metered, ScenarioMeter, type ScenarioMetrics, withRerun } from './runMetrics.ts';

// The one executor of scenarios: what `run` uses (through the vitest face,
// harness/scenarioRunner.ts) and what the project's tests use (runScenarios,
// runScenarioList). One session, every planned scenario of every area, started
// by the scheduler (harness/scenarioScheduler.ts) as their declared shared state
// allows; with a schedule seed, in a shuffled order with small pauses at each
// call. A scenario that failed while others ran beside it is run once more
// alone: if it passes then, its failure depends on the schedule, and the report says so.

/** At most this many failing scenarios are run again alone, so a broken target does not double the run. */
export const MAX_ALONE_RERUNS = 8;

export interface ExecutionOptions {
  /** How many scenarios run at a time, or `auto`: as many as the target bears (harness/adaptiveConcurrency.ts). */
  concurrency: ConcurrencySetting;
  /** Perturbs the schedule (start order, pauses between calls) deterministically: `run --schedule-seed N`. */
  scheduleSeed?: number;
  /** Start no scenario after one has failed (`run --fail-fast`). */
  failFast?: boolean;
  /** Keep every exchange (`run --har`). */
  recordExchanges?: boolean;
  /** A scenario's progress notes. */
  log?: (scenarioId: string, message: string) => void;
  /**
   * Told of each scenario's result once it can no longer change: as the scenario finishes when
   * nothing in it fails, else after the runs alone (which may mark it dependsOnSchedule).
   */
  onFinal?: (result: ScenarioResult) => void;
  /**
   * Test-only (test/run/scheduleFuzzing.test.ts): the scenario with this id moves
   * the clock, but the scheduler is told it only reads it and the guard does not
   * see its moves: a wrong declaration the schedule fuzzer must find.
   */
  seededDeclarationFault?: string;
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

function plannedFootprint(scenario: Scenario, options: ExecutionOptions): Footprint {
  const footprint = footprintOf(scenario);
  if (scenario.id !== options.seededDeclarationFault) return footprint;
  return { reads: new Set(['clock', ...footprint.reads]), moves: new Set([...footprint.moves].filter((state) => state !== 'clock')) };
}

/** What each scenario of one execution is run with: the run's concurrency meter, and the limit's ear on each call. */
interface RunOptions extends ExecutionOptions {
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
  const faulty = scenario.id === options.seededDeclarationFault;
  const control = faulty ? session.control : new GuardedControlClient(session.target, guard, pace);
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
        log: (message) => options.log?.(scenario.id, message),
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
export async function executeScenarios(
  scenarios: readonly Scenario[],
  session: TargetSession,
  options: ExecutionOptions,
): Promise<ScenarioResult[]> {
  const planned: Planned[] = scenarios.map((scenario) => ({
    id: scenario.id,
    scenario,
    footprint: plannedFootprint(scenario, options),
    webhooks: webhookAllowanceOf(scenario),
  }));
  const order = options.scheduleSeed === undefined ? moversFirst(planned) : shuffled(planned, options.scheduleSeed);
  const limit = concurrencyLimit(options.concurrency, session.target.rateLimit.concurrency);
  const concurrencyMeter = options.concurrencyMeter ?? new ConcurrencyMeter(limit.value);
  // The one place the run's metrics hear of the limit's changes.
  const stopMetering = limit.onChange((value) => concurrencyMeter.concurrencyChanged(value));
  const sending = limit.sending?.bind(limit);
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
      const result = await runOne(item, session, run, handle);
      if (options.failFast && failed(result)) stop = true;
      if (!failed(result)) options.onFinal?.(result);
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
  for (const { result } of inOrder) if (failed(result)) options.onFinal?.(result);
  return inOrder.map(({ result }) => result);
}

/** For tests that open their own session: the scenarios through the one executor, their records in the order given. */
export async function runScenarioList(scenarios: readonly Scenario[], session: TargetSession, concurrency = 1): Promise<CheckRecord[]> {
  const results = await executeScenarios(scenarios, session, { concurrency });
  // The session's tally is what such a test reads: each scenario counted its own.
  for (const result of results) addTallies(session.throttling, result.throttling);
  return results.flatMap((result) => result.records);
}
