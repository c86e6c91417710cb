import { type ConcurrencySetting, MAX_CONCURRENCY } from '../harness/concurrency.ts';
import type { RequirementCatalogue } from '../harness/requirementCatalogue.ts';
import { SetupError } from '../harness/targetManifest.ts';
import type { ShardInfo } from './resultsDocument.ts';
import { selectScenarios, type Selection } from './scenarioSelection.ts';
import { parseShard } from './scenarioShard.ts';

// The plan stage: which scenarios run (--only, --requirement, --grep, --shard),
// with which seed, how many at a time and within what budget. Everything here
// is decided before the target is touched.

export interface PlanRequest {
  only?: string;
  requirement?: string;
  grep?: string;
  shard?: string;
  seed?: string;
  /** `--schedule-seed N`: perturb the schedule (start order, pauses between calls) deterministically. */
  scheduleSeed?: string;
  /** Scenarios that hold nothing run this many at a time, or `auto`; default sized for the target (harness/concurrency.ts). */
  concurrency?: string;
  /** Wall-clock budget of the scenarios; the ones not started by then are UNTESTABLE. */
  budgetMinutes?: string;
  failFast?: boolean;
}

export interface RunPlan {
  seed: number;
  /** Present with --schedule-seed: the schedule fuzzer's seed (harness/schedulePerturbation.ts). */
  scheduleSeed?: number;
  shard?: ShardInfo;
  selection: Selection;
  /** Undefined: sized for the target once it is known. */
  concurrency?: ConcurrencySetting;
  budgetMinutes: number;
  failFast: boolean;
}

export const DEFAULT_BUDGET_MINUTES = 30;

function parseSeed(seed: string | undefined, option = '--seed'): number {
  if (seed === undefined) return Math.floor(Math.random() * 2 ** 31);
  const value = Number(seed);
  if (!Number.isSafeInteger(value) || value < 0) throw new SetupError(`${option} must be a non-negative integer; got '${seed}'`);
  return value;
}

function parseConcurrency(text: string | undefined): ConcurrencySetting | undefined {
  if (text === undefined) return undefined;
  if (text === 'auto') return 'auto';
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > MAX_CONCURRENCY) {
    throw new SetupError(`--concurrency must be auto or a whole number from 1 to ${MAX_CONCURRENCY}; got '${text}'`);
  }
  return value;
}

function parseBudget(text: string | undefined): number {
  if (text === undefined) return DEFAULT_BUDGET_MINUTES;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new SetupError(`--budget-minutes must be a number of minutes above 0; got '${text}'`);
  return value;
}

export function planRun(request: PlanRequest, catalogue: RequirementCatalogue): RunPlan {
  const shard = request.shard ? parseShard(request.shard) : undefined;
  const concurrency = parseConcurrency(request.concurrency);
  return {
    seed: parseSeed(request.seed),
    ...(request.scheduleSeed !== undefined ? { scheduleSeed: parseSeed(request.scheduleSeed, '--schedule-seed') } : {}),
    ...(shard ? { shard } : {}),
    selection: selectScenarios(
      {
        ...(request.only !== undefined ? { only: request.only } : {}),
        ...(request.requirement !== undefined ? { requirement: request.requirement } : {}),
        ...(request.grep !== undefined ? { grep: request.grep } : {}),
        ...(shard ? { shard } : {}),
      },
      catalogue,
    ),
    ...(concurrency !== undefined ? { concurrency } : {}),
    budgetMinutes: parseBudget(request.budgetMinutes),
    failFast: request.failFast ?? false,
  };
}
