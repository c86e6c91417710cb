import type { CheckRecord } from '../records/checkRecords.ts';
import { isFailing } from '../records/checkRecords.ts';
import type { EngineListener } from './engineEvents.ts';
import { moversFirst, schedule } from './scenarioScheduler.ts';
import { shuffled } from './schedulePerturbation.ts';
import { ConcurrencyMeter } from '../records/runMetrics.ts';
import type { EngineSubject, ItemResult, ItemRun, PlannedItem } from './subject.ts';

// The engine: the one loop over the items of a subject (harness/engine/subject.ts), what `run`,
// `receiver` and `client` use in the command's own process and what the project's tests use (their
// helpers under test/support/). It knows no concrete subject: each caller builds its own (the
// target's is target/targetSubject.ts) and hands it in (test/tree/engineKnowsNoSubject.test.ts). Every planned item is started by the scheduler
// (harness/engine/scenarioScheduler.ts) as its declared shared state and the subject's concurrency
// allow; with a schedule seed, in a shuffled order (and the target's calls paced). An item that
// failed while others ran beside it is run once more alone: if it passes then, its failure depends
// on the schedule, and the report says so. It tells its faces what happens through EngineEvents
// (harness/engine/engineEvents.ts): each check as it is first recorded (the recorder folds repeated
// passes into one record whose count grows later, so the record an item ends with is in its
// item-final).

/** At most this many failing scenarios are run again alone, so a broken target does not double the run. */
export const MAX_ALONE_RERUNS = 8;

/** How the engine runs the items of any subject. */
export interface LoopOptions {
  /** Perturbs the schedule (start order, and the target's pauses between calls) deterministically: `run --schedule-seed N`. */
  scheduleSeed?: number;
  /** Start no item after one has failed (`run --fail-fast`). */
  failFast?: boolean;
  /**
   * The faces: told the run's start, each item's start and notes, each item's report once
   * it can no longer change (as it finishes when nothing in it fails, else after the runs alone,
   * which may mark it dependsOnSchedule; after the subject settles, for one that does), and the run's end.
   */
  listener?: EngineListener;
  /**
   * How many failed items are run again alone to tell a failure of the subject from one
   * of the schedule (default MAX_ALONE_RERUNS). The kill matrix, which reads only outcomes, asks none.
   */
  aloneReruns?: number;
  /**
   * The run's concurrency limit as it changes, for its metrics: an adaptive limiter tells it each
   * change (concurrencyChanged). Default: one that stays at the subject's limit.
   */
  concurrencyMeter?: ConcurrencyMeter;
}

const failed = (result: ItemResult): boolean => result.records.some((record) => isFailing(record.outcome));
const ran = (result: ItemResult): boolean => !result.notRun;

/** What a run of the engine hands back. */
export interface EngineRun<Result, Learned> {
  /** Each item's result in the order given; items --fail-fast kept from starting are left out. */
  results: Result[];
  /** What the subject learned across its items (its `learned`). */
  learned: Learned;
}

/** Runs the items of a subject. */
export async function runEngine<Item, Result extends ItemResult, Learned>(
  items: readonly Item[],
  subject: EngineSubject<Item, Result, Learned>,
  options: LoopOptions,
): Promise<EngineRun<Result, Learned>> {
  // Closed even when its set-up fails halfway (the receiver's proxy up, its sandbox not).
  try {
    await subject.open?.();
    return await runItems(items, subject, options);
  } finally {
    await subject.close?.();
  }
}

async function runItems<Item, Result extends ItemResult, Learned>(
  items: readonly Item[],
  subject: EngineSubject<Item, Result, Learned>,
  options: LoopOptions,
): Promise<EngineRun<Result, Learned>> {
  const planned = items.map((item) => subject.plan(item));
  const order = options.scheduleSeed === undefined ? moversFirst(planned) : shuffled(planned, options.scheduleSeed);
  const limit = subject.limit();
  const meter = options.concurrencyMeter ?? new ConcurrencyMeter(limit.value);
  // The one place the run's metrics hear of the limit's changes.
  const stopMetering = limit.onChange((value) => meter.concurrencyChanged(value));
  const sending = limit.sending?.bind(limit);
  const tell = options.listener ?? (() => {});
  const final = (result: Result) => tell({ type: 'item-final', report: subject.report(result) });
  // A subject that settles judges across items at the end: until then no report is final.
  const settles = subject.settle !== undefined;
  tell({
    type: 'run-started',
    subject: subject.subject,
    planned: planned.map(({ group, id }) => ({ group, itemId: id })),
  });
  let stop = false;
  const itemRun = (item: PlannedItem<Item>, alone: boolean): ItemRun => ({
    alone,
    note: (text) => options.listener?.({ type: 'item-note', itemId: item.id, text }),
    ...(options.listener
      ? { recorded: (record: CheckRecord) => options.listener?.({ type: 'check-recorded', itemId: item.id, record }) }
      : {}),
    // --fail-fast stops before a failing item's tear-down would let the next one start.
    bodyEnded: (records) => {
      if (options.failFast && records.some((record) => isFailing(record.outcome))) stop = true;
    },
    meter,
    ...(sending ? { sending } : {}),
  });
  const results = await schedule(
    order,
    limit,
    async (item, handle) => {
      tell({ type: 'item-started', group: item.group, itemId: item.id });
      const result = await subject.run(item, { ...itemRun(item, false), handle });
      if (options.failFast && failed(result)) stop = true;
      if (!settles && !failed(result)) final(result);
      return result;
    },
    () => stop,
    subject.webhookBudget(),
  );
  stopMetering();
  await subject.settle?.();
  const inOrder = planned.flatMap((item) => {
    const result = results.get(item);
    return result ? [{ item, result }] : [];
  });
  // Alone, nothing else can disturb it: a failure that goes away was the schedule's.
  const rerun = subject.beside()
    ? inOrder.filter(({ result }) => failed(result) && ran(result)).slice(0, options.aloneReruns ?? MAX_ALONE_RERUNS)
    : [];
  for (const { item, result } of rerun) {
    if (subject.pastDeadline()) break;
    const alone = await subject.run(item, itemRun(item, true));
    if (!failed(alone)) result.dependsOnSchedule = true;
    subject.ranAlone?.(result, alone);
  }
  for (const { result } of inOrder) if (settles || failed(result)) final(result);
  const finished = inOrder.map(({ result }) => result);
  const learned = subject.learned();
  tell({
    type: 'run-finished',
    reports: finished.map((result) => subject.report(result)),
    suiteErrors: finished.flatMap((result) => subject.suiteErrors(result)),
  });
  return { results: finished, learned };
}
