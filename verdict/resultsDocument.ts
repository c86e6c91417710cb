import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContainerRunRecord, ImageIdentity } from '../container/containerTarget.ts';
import type { Outcome } from '../harness/records/checkRecords.ts';
import type { Environment } from '../contract/facts/environments.ts';
import type { ExpectedFailure } from './expectedFailures.ts';
import type { RequirementResult, Verdict } from './requirementVerdict.ts';
import type { TargetInfo } from '../harness/targetIO/targetManifest.ts';
import type { Comparison } from './resultsComparison.ts';
import type { WebhookFootprint } from '../harness/targetIO/heldWebhooks.ts';
import type { ThrottleTally } from '../harness/targetIO/throttleRetry.ts';
import type { RunMetrics } from '../harness/records/runMetrics.ts';

// results.json: the machine-readable record of one run, described by
// schemas/harness/results.schema.json. The document written is already redacted
// (report/reportWriter.ts redacts it once for every report).

// 3: what ran is `itemIds` and a check names its `itemId` (2 named both after a target's scenarios);
// verdict/resultsUpgrade.ts reads a 2.
export const RESULTS_FORMAT_VERSION = 3;

export interface ShardInfo {
  index: number;
  count: number;
}

/** A run that judged part of the catalogue: its verdict holds for that part only. */
export interface PartialRun {
  /** Requirements the run selected, of the catalogue's total. */
  requirements: number;
  of: number;
  /** What narrowed it: `--only auth`, `--requirement PP-X`, `--grep "cancel"`, `--shard 1/4`, `--fail-fast`. */
  narrowedBy: string[];
}

/** One run that went into a merged document. */
export interface MergedRun {
  shard?: ShardInfo;
  seed: number;
  startedAt: string;
  finishedAt: string;
}

/** What a run knows about its own time (harness/records/runMetrics.ts): present on a document of `run`. */
export type RunMetricsFields = Partial<RunMetrics>;

export interface ResultsDocument extends RunMetricsFields {
  formatVersion: typeof RESULTS_FORMAT_VERSION;
  suiteVersion: string;
  /** sha256 over requirements/*.yaml and schemas/**\/*.json (verdict/catalogueHash.ts). */
  catalogueHash: string;
  /**
   * What was judged: a run's target, a receiver or a client, each described in this one shape (DescribedSubject).
   * The key keeps its name `target`: the certificate's predicate repeats it, and `verify` and the published
   * predicate type read it there. `image`: present when the target was a container image (run --target-image).
   */
  target: { name: string; baseUrl: string; environment: Environment; capabilities: string[]; image?: ImageIdentity };
  /** The run's seed (harness/records/runSeed.ts), whatever the subject. */
  seed: number;
  /** A receiver's: the base of its run's event ids (receiver/embeddedSandbox.ts), unique to the run. */
  idBase?: number;
  /** Present with --schedule-seed: the schedule fuzzer's seed, carried by every replay command. */
  scheduleSeed?: number;
  /** Scenarios that failed beside others and passed when run again alone: their failures depend on the schedule. */
  scheduleDependent?: string[];
  areas: string[];
  /** Present when this run executed one shard of the scenarios. */
  shard?: ShardInfo;
  /** The items this run executed: a run's scenarios, a receiver's cases, a client's items (and its webhooks' cases). */
  itemIds: string[];
  /** Requirement ids the executed items could record: the rest is "not selected". Merging re-judges from these. */
  selectedRequirements: string[];
  /** Present on a document produced by `merge`. */
  mergedFrom?: MergedRun[];
  startedAt: string;
  finishedAt: string;
  verdict: Verdict;
  /** `receiver` for a document of the receiver command (receiver/), `client` for the client command's (client/); absent for `run`. */
  command?: 'run' | 'receiver' | 'client';
  /** The run options that chose the target (`--target FILE`, `--base-url URL`, `--emulator-fault NAME`), repeated in replay commands. */
  replayArguments?: string[];
  /** Present when one cause explains many failures (a receiver refusing every correctly signed delivery alike): it, in one line. */
  diagnosis?: string;
  /** Present on a document of `client` that ran the client's own command: its exit code, or the signal that ended it. */
  clientExit?: ClientExit;
  /** Present on a document of `client` whose plan bent an answer: one row per perturbation planned, what the client did next. */
  clientCoped?: CopedRow[];
  /** Present on a document of `run`: whether its target outlived it, and where it mints tokens. */
  requestReplay?: RequestReplay;
  /** Present when the run judged part of the catalogue; no certificate is issued for it. */
  partial?: PartialRun;
  counts: Record<Outcome, number>;
  /** Each result keeps every raw check record (`checks`), so documents can be merged and re-judged. */
  requirements: RequirementResult[];
  /** Present with `--compare FILE`: the difference from that earlier run. */
  comparison?: Comparison;
  baseline?: { path: string; known: ExpectedFailure[]; stale: ExpectedFailure[] };
  /** Present when the run created webhooks: the most it held at once, and the waits for the target's Enabled limit. */
  webhookFootprint?: WebhookFootprint;
  /** Present when the target throttled: 429s and 503s to reads waited out (never judged). */
  throttling?: ThrottleTally;
  /** Present when the target was a container: how it ran, and the end of its log. */
  container?: ContainerRunRecord;
}

/** How the client's own command ended (`client -- COMMAND`): reported beside the verdict, never judged by itself. */
export interface ClientExit {
  /** Null when a signal ended it. */
  code: number | null;
  /** Null when it exited by itself. */
  signal: string | null;
}

/**
 * How the client coped with one perturbation of its plan (client/copedTable.ts), read from the recording and never
 * judged: the call it bent, what the client did next, and whether, and how soon, it got that call through.
 */
export interface CopedRow {
  /** The perturbation's name (client/perturbations.ts). */
  perturbation: string;
  /** What it did, in short (`2 times in a row`, `Retry-After 2 s`); empty where there is nothing to add to its name. */
  facts: string;
  /** The call it bent (`GET /events`); null where it was not applied. */
  subject: string | null;
  /** What the client did next, in words; null where it was not applied. */
  didNext: string | null;
  /** How many times the client sent the bent call again (the same request, client/sameRequest.ts). */
  retries: number;
  /** Milliseconds from the end of the bent exchange to the first time it was sent again; null without a retry. */
  firstRetryMs: number | null;
  /** Milliseconds from the bent call to the end of the first 2xx answer to the same request; null where it never got one. */
  recoveredAfterMs: number | null;
  /** Whether it got the bent call through after all; null where recovery does not apply (its answer was given in full). */
  recovered: boolean | null;
  /** Why a planned perturbation was not applied (the reason its requirement SKIPs); absent where it was. */
  notApplied?: string;
}

/** What is left of the target once the run has ended, for reproducing a failure by hand (report/reproduction.ts). */
export interface RequestReplay {
  /** Set when the run started its target and stopped it at the end: no URL of it outlives the run. */
  targetStopped?: 'embedded emulator' | 'container';
  /** Where the target mints a token: it claims tokenMinting and minted the run's own there. */
  mintTokenUrl?: string;
}

/** What a results document says of what it judged (its `target` key): a run's target, a receiver, a client. */
export type DescribedSubject = Pick<TargetInfo, 'name' | 'baseUrl' | 'environment' | 'capabilities'>;

export function describeSubject(target: DescribedSubject): ResultsDocument['target'] {
  return { name: target.name, baseUrl: target.baseUrl, environment: target.environment, capabilities: [...target.capabilities] };
}

/** The run's metrics when the document has them all (a document of `run`). */
export function runMetricsIn(document: ResultsDocument): RunMetrics | undefined {
  const { calls, retriedAfter429, criticalPath, targetWaitMs, concurrency, pacing } = document;
  if (calls === undefined || !retriedAfter429 || !criticalPath || targetWaitMs === undefined || !concurrency) return undefined;
  return { calls, retriedAfter429, criticalPath, targetWaitMs, concurrency, ...(pacing ? { pacing } : {}) };
}

export function writeResults(dir: string, document: ResultsDocument): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'results.json');
  writeFileSync(path, `${JSON.stringify(document, null, 2)}\n`);
  return path;
}
