import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MISSED_GOAL_EXIT } from './benchGoals.ts';

// Runs every bench/*.bench.ts in its own process (so timings and memory do not
// share a heap). A broken benchmark (a crash: any exit code but 0 and
// MISSED_GOAL_EXIT) fails the run; a missed goal is printed NOT MET and fails it
// only with BENCH_STRICT=1, since these machines are shared and noisy.

const dir = fileURLToPath(new URL('.', import.meta.url));
const benches = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort();
const strict = process.env.BENCH_STRICT === '1';
let missed = 0;
let broken = 0;
for (const bench of benches) {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', `${dir}${bench}`], { stdio: 'inherit', cwd: `${dir}..` });
  process.stdout.write(`  (${bench}: ${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  if (run.status === MISSED_GOAL_EXIT) missed += 1;
  else if (run.status !== 0) broken += 1;
}
process.stdout.write(
  `benchmarks: ${benches.length - missed - broken} met every goal they measured, ${missed} missed a goal, ${broken} broken${strict ? ' (BENCH_STRICT=1: every goal binding)' : ''}\n`,
);
process.exitCode = broken > 0 || (strict && missed > 0) ? 1 : 0;
