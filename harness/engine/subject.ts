import type { CheckRecord } from '../records/checkRecords.ts';
import type { ConcurrencyMeter } from '../records/runMetrics.ts';
import type { CallAnswer, ConcurrencyLimit } from '../targetIO/adaptiveConcurrency.ts';
import type { ItemReport, Subject } from './engineEvents.ts';
import type { Schedulable, ScheduleHandle } from './scenarioScheduler.ts';

// What the engine (harness/engine/engine.ts) needs of a subject, and the one place a subject plugs
// in: the target (target/targetSubject.ts), the integrator's webhook receiver
// (receiver/receiverSubject.ts). The engine owns the loop (the order, the scheduler, the runs alone,
// the events); the subject owns what differs: its set-up and tear-down, how many of its items may
// run at a time, and one item's run (applicability, context, catalogue), which answers its records.

/** An item as the scheduler and the faces know it. */
export interface PlannedItem<Item> extends Schedulable {
  readonly item: Item;
  /** Its group in every face: the area, or `receiver`. */
  readonly group: string;
}

/** What a subject answers for one item's run. */
export interface ItemResult {
  readonly records: CheckRecord[];
  /** It never started (the run's budget, or a stop after a failure, kept it from it): running it alone says nothing. */
  notRun?: true;
  /** It failed beside others and passed when run again alone (set by the engine). */
  dependsOnSchedule?: boolean;
}

/** What the engine gives one item's run. */
export interface ItemRun {
  /** The scheduler's handle while it runs beside others; none when it is run again alone. */
  handle?: ScheduleHandle;
  /** Run again alone: nothing kept but its outcome (no pauses, no exchanges). */
  alone: boolean;
  /** Tells the faces a note of the item (item-note). */
  note(text: string): void;
  /** Tells the faces each record as it is first made (check-recorded); none when nobody listens. */
  recorded?: (record: CheckRecord) => void;
  /** Told the item's records once its body has ended, before its tear-down (--fail-fast stops there). */
  bodyEnded(records: CheckRecord[]): void;
  /** The run's concurrency as it changes, for the item's metrics. */
  meter: ConcurrencyMeter;
  /** Told as each call goes out, and how it was answered, when the limit follows the subject (`--concurrency auto`). */
  sending?: () => (answer: CallAnswer) => void;
}

export interface EngineSubject<Item, Result extends ItemResult, Learned = undefined> {
  readonly subject: Subject;
  /** Set-up before the run starts: a SetupError here ends the run before any event. */
  open?(): Promise<void>;
  /** Tear-down once the run has finished, whatever happened. */
  close?(): Promise<void>;
  plan(item: Item): PlannedItem<Item>;
  /** How many items run at a time, as it changes; and how many webhook places the run has. */
  limit(): ConcurrencyLimit;
  webhookBudget(): number;
  /** Whether items ran beside each other, so a failure may be the schedule's: those are run again alone. */
  beside(): boolean;
  /** Once past the run's deadline, no item is run again alone. */
  pastDeadline(): boolean;
  /** One item: applicability, its context and catalogue, its checks. Never throws for the subject's behaviour. */
  run(item: PlannedItem<Item>, run: ItemRun): Promise<Result>;
  /** A failed item's run alone, folded into its result (its metrics). */
  ranAlone?(result: Result, alone: Result): void;
  /**
   * Once every item has run and before any report is final: what is judged across items (the
   * receiver's effects probe, read once). A subject with one has no report final before it.
   */
  settle?(): Promise<void>;
  /**
   * What the subject learned across its items beyond their results, asked once after they have all run and
   * settled and handed back in the engine's return (harness/engine/engine.ts EngineRun): the only way a caller
   * hears it, never a field read off the subject afterwards. undefined for a subject that learns nothing more.
   */
  learned(): Learned;
  report(result: Result): ItemReport;
  /** Defects of the suite the result shows (shared state used undeclared). */
  suiteErrors(result: Result): string[];
}
