import type { CheckRecord } from '../records/checkRecords.ts';
import type { JournalEntry } from '../records/exchangeJournal.ts';
import type { ScenarioMetrics } from '../records/runMetrics.ts';
import type { UndeclaredUse } from './sharedState.ts';
import type { WebhookFootprint } from '../targetIO/heldWebhooks.ts';
import type { ThrottleTally } from '../targetIO/throttleRetry.ts';

// What the engine tells its faces (cli/faces/faceList.ts: the progress display, results.json,
// JUnit, the HTML report, summary.md, HAR, Allure, the NDJSON events stream). Faces only consume
// these: none of them runs a scenario or judges a check. Every payload is plain data (no
// functions), so the events stream writes it as JSON and vitest's task meta carries it as it is.

/** Who an item's requirements are about: the API's implementation (`run`), an integrator's webhook receiver (`receiver`) or API client (`client`). */
export type Subject = 'target' | 'receiver' | 'client';

/** An item of any subject (a target's scenario, a receiver's case, a client's item) once its result can no longer change. */
export interface ItemReport {
  subject: Subject;
  /** The area (`run`), `receiver` or `client`: one group of tests in every face. */
  group: string;
  itemId: string;
  /** Derived from the catalogue, never written by hand. */
  title: string;
  requirements: readonly string[];
  records: CheckRecord[];
  /** Epoch ms it started, and how long it took. */
  startedMs: number;
  durationMs: number;
  /** Throttling the scenario waited out (never judged). */
  throttling?: ThrottleTally;
  /** Its calls and waits, and the run's concurrency when it finished. */
  metrics?: ScenarioMetrics;
  /** Every exchange, with `run --har`. */
  exchanges?: JournalEntry[];
  /** Shared state it used without declaring it: a defect of the suite, never the target's. */
  undeclared?: UndeclaredUse[];
  /** It failed beside other scenarios and passed alone. */
  dependsOnSchedule?: boolean;
  /** It never started: the run's budget ran out, or the run stopped after a failure; its records say which. */
  notRun?: true;
  /** The run's webhook footprint when it finished. */
  webhooks?: WebhookFootprint;
}

export type EngineEvent =
  | { type: 'run-started'; subject: Subject; planned: ReadonlyArray<{ group: string; itemId: string }> }
  | { type: 'item-started'; group: string; itemId: string }
  /** A record as first made: a repeated pass folds into it later, so the count an item ends with is its item-final's. */
  | { type: 'check-recorded'; itemId: string; record: CheckRecord }
  | { type: 'item-note'; itemId: string; text: string }
  | { type: 'item-final'; report: ItemReport }
  | { type: 'run-finished'; reports: readonly ItemReport[]; suiteErrors: readonly string[] };

/** A face: told every event of a run, in order. */
export type EngineListener = (event: EngineEvent) => void;
