import type { ConcurrencySetting } from '../harness/targetIO/concurrency.ts';
import type { ShardInfo } from '../verdict/resultsDocument.ts';
import { type Narrowing, selectScenarios, type Selection } from './scenarioSelection.ts';
import { runSeed } from '../harness/records/runSeed.ts';

// The plan stage: which scenarios run (only some areas, requirements, a text, a shard),
// with which seed, how many at a time and within what budget. Everything here is decided
// before the target is touched; the values come parsed (cli/runValues.ts).

/** What the run selects (run/scenarioSelection.ts), and how it runs it. */
export interface PlanRequest {
  /** Absent: the whole suite. */
  narrowing?: Narrowing;
  /** Default: drawn at random (and printed, so that the run can be replayed). */
  seed?: number;
  /** Perturb the schedule (start order, pauses between calls) deterministically. */
  scheduleSeed?: number;
  /** Scenarios that hold nothing run this many at a time, or `auto`; default sized for the target (harness/targetIO/concurrency.ts). */
  concurrency?: ConcurrencySetting;
  /** Wall-clock budget of the scenarios in minutes; the ones not started by then are UNTESTABLE. */
  budgetMinutes?: number;
  failFast?: boolean;
}

export interface RunPlan {
  seed: number;
  /** The schedule fuzzer's seed, when asked for (harness/engine/schedulePerturbation.ts). */
  scheduleSeed?: number;
  shard?: ShardInfo;
  selection: Selection;
  /** Undefined: sized for the target once it is known. */
  concurrency?: ConcurrencySetting;
  budgetMinutes: number;
  failFast: boolean;
}

export const DEFAULT_BUDGET_MINUTES = 30;

export function planRun(request: PlanRequest): RunPlan {
  const { concurrency } = request;
  const shard = request.narrowing?.shard;
  return {
    seed: runSeed(request.seed),
    ...(request.scheduleSeed !== undefined ? { scheduleSeed: request.scheduleSeed } : {}),
    ...(shard ? { shard } : {}),
    selection: selectScenarios(request.narrowing ?? {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
    budgetMinutes: request.budgetMinutes ?? DEFAULT_BUDGET_MINUTES,
    failFast: request.failFast ?? false,
  };
}
