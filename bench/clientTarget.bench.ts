import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { SCOPES } from '../contract/facts/scopes.ts';
import { benchSize, median, reportGoal } from './benchGoals.ts';
import { emulatorCommand } from './emulatorCommand.ts';
import { startLatencyProxy } from './latencyProxy.ts';

// Issue 52's goals for `client --target MANIFEST -- COMMAND`, through the CLI as a user runs it, against
// the emulator's own command (bin/banking-api-emulator.mjs) as the manifest's target:
// - what the recording proxy adds to each call: bench/clientCallLoop.mjs (a rule created and cancelled,
//   one call at a time) through `client --target`, against the same loop straight at the same emulator;
//   milliseconds a call as the loop times itself, the difference of the medians of rounds that alternate
//   which goes first;
// - what judging through --target does to a client's run against a far upstream: the reference client
//   with the emulator behind bench/latencyProxy.ts (200–600 ms a call), its own run from its start to its
//   exit (bench/clientExitStamp.mjs) through `client --target`, against its run straight at that upstream.
// Both with no perturbation: what is timed is the proxy and the judging, not a client coping with bent answers.
//
// BENCH_CLIENT_TARGET_SMOKE=1 runs each once, small and near: it proves the bench works
// (test/client/clientTargetBench.test.ts), not the goals.

const PROXY_COST_GOAL_MS = 2;
const FAR_RUN_GOAL = 1.2;
const TOKEN_VARIABLE = 'BENCH_CLIENT_TARGET_TOKEN';

const root = fileURLToPath(new URL('..', import.meta.url));
const smoke = process.env.BENCH_CLIENT_TARGET_SMOKE === '1';
const loop = smoke
  ? { rounds: 1, pairs: 20 }
  : benchSize(
      'client --target proxy',
      { rounds: 5, pairs: 300 },
      { rounds: 9, pairs: 1000 },
      (size) => `${size.rounds} rounds of ${size.pairs} pairs`,
    );
// Each far run is some 20 s of a latency the client waits out, twice (through the proxy, straight): one pair at CI size.
const farRuns = smoke ? 1 : benchSize('client --target far', 1, 3, (count) => `${count} run(s) each way behind 200–600 ms`);
const farLatency = smoke ? { minMs: 5, maxMs: 15 } : { minMs: 200, maxMs: 600 };

const scratch = mkdtempSync(join(tmpdir(), 'bench-client-target-'));
const run = (args: readonly string[], env: Record<string, string>) =>
  promisify(execFile)(process.execPath, args, { cwd: root, env: { ...process.env, ...env } });

/** A manifest of the target at `baseUrl`, its token in TOKEN_VARIABLE, its fixture account. */
function manifestOf(baseUrl: string, accountId: string): string {
  const path = join(scratch, `target-${randomBytes(4).toString('hex')}.json`);
  const manifest = { name: 'bench target', baseUrl, environment: 'sandbox', capabilities: ['core'], fixtures: { accountId } };
  writeFileSync(path, JSON.stringify({ ...manifest, tokens: [{ env: TOKEN_VARIABLE, scopes: SCOPES }] }));
  return path;
}

/** `client --quiet --plan none --target MANIFEST -- COMMAND` to its exit; a non-conformant verdict (1) is still a finished run. */
async function throughTarget(manifest: string, command: readonly string[], env: Record<string, string>): Promise<void> {
  const reportDir = mkdtempSync(join(scratch, 'reports-'));
  const args = ['bin/banking-api-conformance.mjs', 'client', '--quiet', '--plan', 'none', '--target', manifest, '--report-dir', reportDir];
  await run([...args, '--', ...command], env).catch((error: { code?: number; stdout?: string; stderr?: string }) => {
    if (error.code !== 1) throw new Error(`client --target -- ${command.join(' ')} exited ${error.code}: ${error.stderr || error.stdout}`);
  });
}

const ms = (value: number, digits = 0) => `${value.toFixed(digits)} ms`;

try {
  const token = randomBytes(24).toString('hex');
  const emulator = await emulatorCommand(token, scratch);
  try {
    // What the proxy adds to a call: the same loop through it and straight at the emulator.
    const direct = { BANKING_API_BASE_URL: emulator.url, BANKING_API_TOKEN: token, BANKING_API_ACCOUNT_ID: emulator.accountId };
    const manifest = manifestOf(emulator.url, emulator.accountId);
    const out = join(scratch, 'loop.json');
    const loopEnv = { CLIENT_LOOP_OUT: out, CLIENT_LOOP_PAIRS: String(loop.pairs), [TOKEN_VARIABLE]: token };
    const perCall = () => {
      const measured = JSON.parse(readFileSync(out, 'utf8')) as { calls: number; ms: number };
      return measured.ms / measured.calls;
    };
    const proxied: number[] = [];
    const straight: number[] = [];
    const throughProxy = async () => {
      await throughTarget(manifest, ['node', 'bench/clientCallLoop.mjs'], loopEnv);
      proxied.push(perCall());
    };
    const straightAtEmulator = async () => {
      await run(['bench/clientCallLoop.mjs'], { ...loopEnv, ...direct });
      straight.push(perCall());
    };
    for (let round = 0; round < loop.rounds; round += 1)
      for (const measure of round % 2 === 0 ? [throughProxy, straightAtEmulator] : [straightAtEmulator, throughProxy]) await measure();
    const added = median(proxied) - median(straight);
    const each = (values: number[]) => values.map((value) => ms(value, 2)).join(', ');
    reportGoal({
      name: `what the recording proxy of client --target adds to a call on loopback: create + cancel a check payment rule, ${(2 * loop.pairs).toLocaleString('en')} calls one at a time (median of ${loop.rounds})`,
      figure: `${ms(added, 2)} a call (${ms(median(proxied), 2)}; rounds ${each(proxied)})`,
      baseline: `straight at the emulator ${ms(median(straight), 2)} a call (rounds ${each(straight)})`,
      goal: `≤ ${ms(PROXY_COST_GOAL_MS)}`,
      met: added <= PROXY_COST_GOAL_MS,
    });

    // What judging through --target does to a client's run against a far upstream.
    const far = await startLatencyProxy(emulator.url, { latency: farLatency });
    try {
      const farManifest = manifestOf(far.url, emulator.accountId);
      const stamp = join(scratch, 'exit.json');
      const referenceClient = [
        'node',
        '--import',
        pathToFileURL(join(root, 'bench/clientExitStamp.mjs')).href,
        'examples/reference-client/index.mjs',
      ];
      const ownRun = () => {
        const client = JSON.parse(readFileSync(stamp, 'utf8')) as { startedMs: number; exitedMs: number };
        return client.exitedMs - client.startedMs;
      };
      const judged: number[] = [];
      const alone: number[] = [];
      for (let round = 0; round < farRuns; round += 1) {
        await throughTarget(farManifest, referenceClient, { CLIENT_EXIT_STAMP: stamp, [TOKEN_VARIABLE]: token });
        judged.push(ownRun());
        await run(referenceClient.slice(1), { CLIENT_EXIT_STAMP: stamp, ...direct, BANKING_API_BASE_URL: far.url });
        alone.push(ownRun());
      }
      const ratio = median(judged) / median(alone);
      reportGoal({
        name: `the reference client's run through client --target against an upstream ${farLatency.minMs}–${farLatency.maxMs} ms away (median of ${farRuns})`,
        figure: `${ratio.toFixed(2)}× (${ms(median(judged))}; runs ${judged.map((value) => ms(value)).join(', ')})`,
        baseline: `its own run straight at that upstream ${ms(median(alone))} (runs ${alone.map((value) => ms(value)).join(', ')})`,
        goal: `≤ ${FAR_RUN_GOAL}×`,
        met: ratio <= FAR_RUN_GOAL,
      });
    } finally {
      await far.close();
    }
  } finally {
    await emulator.stop();
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
