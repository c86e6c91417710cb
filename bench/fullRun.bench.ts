import { spawn } from 'node:child_process';
import { startEmulator } from '../emulator/emulator.ts';
import { startVendorLikeEmulator } from '../test/support/vendorLikeEmulator.ts';
import type { ResultsDocument } from '../verdict/resultsDocument.ts';
import { benchSize, reportGoal } from './benchGoals.ts';
import { runCli } from './cliRun.ts';

// The whole suite through the CLI, as a user runs it: against the embedded
// emulator (wall time from start to exit, best of the runs), then against an
// emulator with every capability answering each call 200–600 ms late (a verdict
// in minutes, not hours), and against the vendor-like profile behind 100 ms
// compared with the same profile at once (what the concurrency buys where every
// call pays a round trip).

// Issue 18's goals: the whole run in ≤ 10 s on 2 cores, with identical outcomes at once and
// one scenario at a time, and CONFORMANT every time while two busy loops hold both cores.
// Issue 34 restates the first and sets the ratio to the run one scenario at a time at ≤ ½
// (issue 18 asked ⅓; runs then measured 0.62–0.71).
const SUITE_GOAL_S = 10;
const SERIAL_RATIO_GOAL = 1 / 2;
const busyRuns = benchSize('busy machine', 2, 20, (count) => `${count} runs beside two busy loops`);
/** Every capability behind 200–600 ms per call: the verdict within 3 minutes. */
const LATENCY = { ms: 400, jitterMs: 200 };
const LATENCY_VERDICT_GOAL_S = 180;
/** The vendor-like profile behind 100 ms: at most twice its time at once. */
const VENDOR_LIKE_RATIO_GOAL = 2;
const runs = benchSize('full suite', 2, 5, (count) => `${count} runs against the embedded emulator`);
// Behind 100 ms the whole suite takes minutes (scenarios that are long chains of calls,
// and the holders, run one call after another): CI compares three areas.
const latencyAreas = benchSize('latency runs', ['--only', 'auth,sandbox,events'], [] as string[], (args) =>
  args.length ? `areas ${args[1]}` : 'the whole suite',
);
/** Keeps a target slower than expected from holding CI: the run then ends with UNTESTABLE and the goal is NOT MET. */
const LATENCY_BUDGET = ['--budget-minutes', process.env.BENCH_FULL === '1' ? '30' : '3'];

async function againstEmulator(latency?: typeof LATENCY): Promise<{ seconds: number; document: ResultsDocument }> {
  const emulator = await startEmulator(latency ? { latency } : {});
  try {
    return await runCli(['--base-url', emulator.url(), ...latencyAreas, ...LATENCY_BUDGET]);
  } finally {
    await emulator.close();
  }
}

async function againstVendorLike(latencyMs: number): Promise<{ seconds: number; document: ResultsDocument }> {
  const target = await startVendorLikeEmulator({ latency: latencyMs > 0 ? { ms: latencyMs, jitterMs: 0 } : undefined });
  try {
    return await runCli(['--target', target.manifestPath, '--base-url', target.url, ...latencyAreas, ...LATENCY_BUDGET], target.env);
  } finally {
    await target.emulator.close();
  }
}

/** Outcome per requirement: what "identical outcomes" compares. */
const outcomes = (document: ResultsDocument): string => JSON.stringify(document.requirements.map((result) => [result.id, result.outcome]));

const embedded: Array<{ seconds: number; document: ResultsDocument }> = [];
for (let run = 0; run < runs; run += 1) embedded.push(await runCli([]));
const best = Math.min(...embedded.map((run) => run.seconds));
reportGoal({
  name: 'full suite against the embedded emulator',
  figure: `${best.toFixed(1)} s wall (runs: ${embedded.map((run) => run.seconds.toFixed(1)).join(', ')} s)`,
  goal: `≤ ${SUITE_GOAL_S} s`,
  met: best <= SUITE_GOAL_S,
});
const serial = await runCli(['--concurrency', '1']);
const serialRatio = best / serial.seconds;
const identical = outcomes(serial.document) === outcomes(embedded[0]!.document);
reportGoal({
  name: 'concurrent run vs --concurrency 1',
  figure: `${serialRatio.toFixed(2)} (${best.toFixed(1)} s vs ${serial.seconds.toFixed(1)} s; outcomes ${identical ? 'identical' : 'DIFFER'})`,
  goal: `≤ ${SERIAL_RATIO_GOAL.toFixed(2)}, identical outcomes`,
  met: serialRatio <= SERIAL_RATIO_GOAL && identical,
});

/** Two loops spinning on both cores for the length of `work`, killed when it ends. */
async function besideBusyLoops<T>(work: () => Promise<T>): Promise<T> {
  const loops = [0, 1].map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  try {
    return await work();
  } finally {
    for (const loop of loops) loop.kill('SIGKILL');
  }
}
let conformant = 0;
for (let run = 0; run < busyRuns; run += 1)
  if ((await besideBusyLoops(() => runCli([]))).document.verdict === 'conformant') conformant += 1;
reportGoal({
  name: 'full runs CONFORMANT beside two busy loops',
  figure: `${conformant} of ${busyRuns}`,
  goal: `${busyRuns} of ${busyRuns}`,
  met: conformant === busyRuns,
});
process.stdout.write('  (the latency runs take a while: every call waits)\n');
const what = latencyAreas.length ? latencyAreas[1] : 'full suite';
const slow = await againstEmulator(LATENCY);
reportGoal({
  name: `${what} with every capability behind ${LATENCY.ms - LATENCY.jitterMs}–${LATENCY.ms + LATENCY.jitterMs} ms per call`,
  figure: `${slow.seconds.toFixed(1)} s, verdict ${slow.document.verdict}`,
  goal: `≤ ${LATENCY_VERDICT_GOAL_S} s, CONFORMANT`,
  met: slow.seconds <= LATENCY_VERDICT_GOAL_S && slow.document.verdict === 'conformant',
});
const vendorAtOnce = await againstVendorLike(0);
const vendorSlow = await againstVendorLike(100);
const ratio = vendorSlow.seconds / vendorAtOnce.seconds;
reportGoal({
  name: `${what}, vendor-like profile behind 100 ms per call vs at once`,
  figure: `${ratio.toFixed(2)}× (${vendorSlow.seconds.toFixed(1)} s vs ${vendorAtOnce.seconds.toFixed(1)} s; verdicts ${vendorSlow.document.verdict}, ${vendorAtOnce.document.verdict})`,
  goal: `≤ ${VENDOR_LIKE_RATIO_GOAL}×, both CONFORMANT`,
  met: ratio <= VENDOR_LIKE_RATIO_GOAL && vendorSlow.document.verdict === 'conformant' && vendorAtOnce.document.verdict === 'conformant',
});
