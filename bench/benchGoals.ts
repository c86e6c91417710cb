// How every benchmark reports: one line per goal with the measured figure and
// "met" or "NOT MET". A bench process exits 0 when its goals are met, 1 when one
// is missed (bench/runBenchmarks.ts fails the run for that only with
// BENCH_STRICT=1) and anything else when the bench itself broke.

export interface Goal {
  name: string;
  /** The measured figure, with its unit. */
  figure: string;
  /** The goal in words ("≤ 12 s"). */
  goal: string;
  met: boolean;
}

const goals: Goal[] = [];

export function reportGoal(goal: Goal): void {
  goals.push(goal);
  process.stdout.write(`  ${goal.met ? 'met    ' : 'NOT MET'}  ${goal.name}: ${goal.figure} (goal ${goal.goal})\n`);
  process.exitCode = goals.every((each) => each.met) ? 0 : 1;
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
