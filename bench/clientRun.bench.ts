import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { benchSize, median, reportGoal } from './benchGoals.ts';
import { emulatorCommand } from './emulatorCommand.ts';

// Issue 42's goals for `client -- COMMAND`, both through the CLI as a user runs it:
// - what judging adds to the client's own run: the reference client run under `client`
//   a few times, a module preloaded into its process (bench/clientExitStamp.mjs) stamping
//   when it exits; the time from that exit to results.json written (its mtime), median;
// - what the recording costs the client in throughput: bench/clientCallLoop.mjs (create a
//   check payment rule, cancel it, one call at a time) through `client`, so recorded inside
//   the embedded emulator's server (client/requestRecorder.ts), against the same loop straight
//   at the same emulator unrecorded, started as its own command (bin/banking-api-emulator.mjs),
//   so that both run in a process of their own started the same way; calls per second as the
//   loop times itself, median of rounds that alternate which goes first.
//
// BENCH_CLIENT_SMOKE=1 runs each once, small: it proves the bench works
// (test/client/clientRunBench.test.ts), not the goals.

const JUDGING_GOAL_MS = 1000;
const RECORDING_COST_GOAL = 0.1;

const root = fileURLToPath(new URL('..', import.meta.url));
const smoke = process.env.BENCH_CLIENT_SMOKE === '1';
const judgedRuns = smoke ? 1 : 5;
const loop = smoke
  ? { rounds: 1, pairs: 20 }
  : benchSize(
      'client recording',
      { rounds: 5, pairs: 300 },
      { rounds: 9, pairs: 1000 },
      (size) => `${size.rounds} rounds of ${size.pairs} pairs`,
    );

interface ClientCliRun {
  /** results.json, only its verdict read. */
  document: { verdict: string };
  resultsWrittenMs: number;
  /** When the CLI process exited, epoch ms. */
  exitedMs: number;
}

/** `client --quiet -- COMMAND` from the project's root, to its exit; a non-conformant verdict (1) is still a finished run. */
async function clientCli(command: readonly string[], env: Record<string, string>): Promise<ClientCliRun> {
  const reportDir = mkdtempSync(join(tmpdir(), 'bench-client-'));
  try {
    // Recording and judging are timed, not a client coping with bent answers: no perturbation.
    const args = ['bin/banking-api-conformance.mjs', 'client', '--quiet', '--plan', 'none', '--report-dir', reportDir, '--', ...command];
    await promisify(execFile)(process.execPath, args, { cwd: root, env: { ...process.env, ...env } }).catch(
      (error: { code?: number; stdout?: string; stderr?: string }) => {
        if (error.code !== 1) throw new Error(`client -- ${command.join(' ')} exited ${error.code}: ${error.stderr || error.stdout}`);
      },
    );
    const exitedMs = Date.now();
    const results = join(reportDir, 'results.json');
    return {
      document: JSON.parse(readFileSync(results, 'utf8')) as { verdict: string },
      resultsWrittenMs: statSync(results).mtimeMs,
      exitedMs,
    };
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'bench-client-files-'));
const ms = (value: number) => `${Math.round(value)} ms`;
try {
  // What judging adds: the reference client's exit → results.json written.
  const stamp = join(scratch, 'exit.json');
  const judged: Array<{ afterExitMs: number; clientMs: number; restMs: number; verdict: string }> = [];
  for (let run = 0; run < judgedRuns; run += 1) {
    const cli = await clientCli(
      ['node', '--import', pathToFileURL(join(root, 'bench/clientExitStamp.mjs')).href, 'examples/reference-client/index.mjs'],
      { CLIENT_EXIT_STAMP: stamp },
    );
    const client = JSON.parse(readFileSync(stamp, 'utf8')) as { startedMs: number; exitedMs: number };
    judged.push({
      afterExitMs: cli.resultsWrittenMs - client.exitedMs,
      clientMs: client.exitedMs - client.startedMs,
      restMs: cli.exitedMs - cli.resultsWrittenMs,
      verdict: cli.document.verdict,
    });
  }
  const afterExit = median(judged.map((run) => run.afterExitMs));
  const verdicts = [...new Set(judged.map((run) => run.verdict))];
  reportGoal({
    name: `judging the reference client, from its process's exit to results.json written (median of ${judgedRuns})`,
    figure: `${ms(afterExit)} (runs: ${judged.map((run) => ms(run.afterExitMs)).join(', ')}), verdict ${verdicts.join('/')}`,
    baseline: `the client's own run ${ms(median(judged.map((run) => run.clientMs)))}, the other reports and the command's exit ${ms(median(judged.map((run) => run.restMs)))} more`,
    goal: `≤ ${ms(JUDGING_GOAL_MS)}, CONFORMANT`,
    met: afterExit <= JUDGING_GOAL_MS && verdicts.join() === 'conformant',
  });

  // What recording costs: the same loop recorded through `client` and straight at the emulator's own command.
  const out = join(scratch, 'loop.json');
  const loopEnv = { CLIENT_LOOP_OUT: out, CLIENT_LOOP_PAIRS: String(loop.pairs) };
  const perSecond = () => {
    const measured = JSON.parse(readFileSync(out, 'utf8')) as { calls: number; ms: number };
    return (measured.calls / measured.ms) * 1000;
  };
  const recorded: number[] = [];
  const straight: number[] = [];
  const throughClient = async () => {
    await clientCli(['node', 'bench/clientCallLoop.mjs'], loopEnv);
    recorded.push(perSecond());
  };
  const straightAtEmulator = async () => {
    const token = randomBytes(24).toString('hex');
    const emulator = await emulatorCommand(token, scratch);
    try {
      await promisify(execFile)(process.execPath, ['bench/clientCallLoop.mjs'], {
        cwd: root,
        env: {
          ...process.env,
          ...loopEnv,
          BANKING_API_BASE_URL: emulator.url,
          BANKING_API_TOKEN: token,
          BANKING_API_ACCOUNT_ID: emulator.accountId,
        },
      });
    } finally {
      await emulator.stop();
    }
    straight.push(perSecond());
  };
  for (let round = 0; round < loop.rounds; round += 1) {
    // Which goes first alternates, so that a neighbour's load drifting during a round weighs on both alike.
    for (const measure of round % 2 === 0 ? [throughClient, straightAtEmulator] : [straightAtEmulator, throughClient]) await measure();
  }
  const [withRecorder, without] = [median(recorded), median(straight)];
  const cost = 1 - withRecorder / without;
  const rate = (values: number[]) => values.map((value) => Math.round(value).toLocaleString('en')).join(', ');
  reportGoal({
    name: `the recording's cost to a client's throughput: create + cancel a check payment rule, ${(2 * loop.pairs).toLocaleString('en')} calls one at a time, through client -- COMMAND (median of ${loop.rounds})`,
    figure: `${(cost * 100).toFixed(1)} % fewer calls a second (${Math.round(withRecorder).toLocaleString('en')}/s; rounds ${rate(recorded)})`,
    baseline: `straight at the emulator ${Math.round(without).toLocaleString('en')}/s (rounds ${rate(straight)}; bin/banking-api-emulator.mjs, unrecorded)`,
    goal: `≤ ${RECORDING_COST_GOAL * 100} %`,
    met: cost <= RECORDING_COST_GOAL,
  });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
