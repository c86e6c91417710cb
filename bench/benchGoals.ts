// How every benchmark reports: one line per goal with the measured figure, what
// it was measured against in the same run, and "met" or "NOT MET". A bench
// process exits 0 when its goals are met and MISSED_GOAL_EXIT when one is missed
// (bench/runBenchmarks.ts fails the run for that only with BENCH_STRICT=1); any
// other exit code, an uncaught error's 1 included, is a broken bench.

/** Not 1: Node exits 1 on an uncaught error, and a crash must never pass for a missed goal. */
export const MISSED_GOAL_EXIT = 3;

export interface Goal {
  name: string;
  /** The measured figure, with its unit. */
  figure: string;
  /** What the figure is judged against, measured beside it in the same run (a bare server, a peer), if anything. */
  baseline?: string;
  /** The goal in words ("≤ 12 s"). */
  goal: string;
  met: boolean;
}

const goals: Goal[] = [];

export function reportGoal(goal: Goal): void {
  goals.push(goal);
  const beside = goal.baseline === undefined ? '' : `; beside it: ${goal.baseline}`;
  process.stdout.write(`  ${goal.met ? 'met    ' : 'NOT MET'}  ${goal.name}: ${goal.figure}${beside} (goal ${goal.goal})\n`);
  process.exitCode = goals.every((each) => each.met) ? 0 : MISSED_GOAL_EXIT;
}

/**
 * A goal this bench cannot measure honestly (what it needs is missing, or it is not a thing
 * a bench can run): printed with why and how to measure it, neither met nor missed.
 */
export function reportUnmeasured(name: string, goal: string, why: string): void {
  process.stdout.write(`  —        ${name}: not measured: ${why} (goal ${goal})\n`);
}

/** A ratio goal: the figure over the baseline, both printed. */
export function reportRatio(
  name: string,
  measured: { value: number; baseline: number; unit: string; baselineName: string },
  minimum: number,
): void {
  const ratio = measured.value / measured.baseline;
  const figure = (value: number) => `${Math.round(value).toLocaleString('en')} ${measured.unit}`;
  reportGoal({
    name,
    figure: `${ratio.toFixed(2)}× (${figure(measured.value)})`,
    baseline: `${measured.baselineName} ${figure(measured.baseline)}`,
    goal: `≥ ${minimum}×`,
    met: ratio >= minimum,
  });
}

/** Benchmarks too slow for CI run a smaller size unless BENCH_FULL=1; this says which. */
export function benchSize<T>(name: string, small: T, full: T, describe: (size: T) => string): T {
  const size = process.env.BENCH_FULL === '1' ? full : small;
  process.stdout.write(`${name}: ${describe(size)}${size === full ? ' (full size)' : ` (CI size; BENCH_FULL=1 for ${describe(full)})`}\n`);
  return size;
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
