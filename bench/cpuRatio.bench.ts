import { benchSize, median, reportGoal, reportUnmeasured } from './benchGoals.ts';
import { inReferenceCheckout, PROJECT_ROOT, REFERENCE_COMMIT } from './referenceCheckout.ts';
import { runCpuTime, type RunCpu } from './runCpuTime.ts';

// Issue 34's first goal: the CPU time (user + system, child processes included) of a
// whole run against the embedded emulator, now, at most 60 % of the same run at the
// reference commit, both measured here, one after the other, on the same machine. CPU
// time rather than wall time: it is what the run costs whoever shares the machine, and
// it moves less with their load.

const CPU_RATIO_GOAL = 0.6;
const runs = benchSize('CPU time', 3, 5, (count) => `${count} runs each of the tree and ${REFERENCE_COMMIT}, alternating, median`);
const GOAL_NAME = `CPU time of a full run vs ${REFERENCE_COMMIT}`;

const measured = await inReferenceCheckout(async (reference) => {
  // Not counted: the first run of a checkout compiles what the next ones find in the caches.
  runCpuTime(reference);
  runCpuTime(PROJECT_ROOT);
  const tree: RunCpu[] = [];
  const today: RunCpu[] = [];
  for (let run = 0; run < runs; run += 1) {
    today.push(runCpuTime(reference));
    tree.push(runCpuTime(PROJECT_ROOT));
  }
  return { tree, today };
});

if ('notMeasured' in measured) reportUnmeasured(GOAL_NAME, `≤ ${CPU_RATIO_GOAL * 100} %`, measured.notMeasured);
else {
  const { tree, today } = measured.done;
  const cpu = (sample: RunCpu[]) => median(sample.map((run) => run.cpuSeconds));
  const each = (sample: RunCpu[]) =>
    `${cpu(sample).toFixed(1)} s CPU (runs: ${sample.map((run) => `${run.cpuSeconds.toFixed(1)} s in ${run.wallSeconds.toFixed(1)} s wall, ${run.verdict}`).join('; ')})`;
  const ratio = cpu(tree) / cpu(today);
  reportGoal({
    name: GOAL_NAME,
    figure: `${(ratio * 100).toFixed(0)} %: ${each(tree)}`,
    baseline: `${REFERENCE_COMMIT} ${each(today)}`,
    goal: `≤ ${CPU_RATIO_GOAL * 100} %`,
    met: ratio <= CPU_RATIO_GOAL,
  });
}
