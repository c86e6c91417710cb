import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { commandToExit } from '../support/childProcess.ts';

// bench/remoteTarget.bench.ts runs only with `npm run bench`, where a crash would go
// unseen until then: here it runs one area with its latencies a tenth as long
// (BENCH_REMOTE_SMOKE), which proves it works — the proxy, the seven runs, every goal
// printed — and judges none of its timings. A missed goal is an exit of its own; a
// broken bench is any other.

/** bench/ is above test/ in the layers: its exit code for a missed goal is read from its source. */
const MISSED_GOAL_EXIT = Number(/MISSED_GOAL_EXIT = (\d+);/.exec(readFileSync(`${PROJECT_ROOT}/bench/benchGoals.ts`, 'utf8'))?.[1]);

test('the remote-target bench runs on one area and prints each goal with its figure and floor', async () => {
  const bench = await commandToExit(process.execPath, ['--import', 'tsx', 'bench/remoteTarget.bench.ts'], {
    cwd: PROJECT_ROOT,
    env: { BENCH_REMOTE_SMOKE: 'sandbox' },
  });
  expect([0, MISSED_GOAL_EXIT], bench.stderr || bench.stdout).toContain(bench.code);
  const goals = bench.stdout.split('\n').filter((line) => /^ {2}(met {4}|NOT MET) {2}/.test(line));
  expect(goals).toHaveLength(6);
  for (const goal of goals) expect(goal).toMatch(/; beside it: .*floor \d+\.\d s \(critical path \d+ calls × \d+ ms/);
  // The proxy's 429s reached the run's metrics: every ninth call, retried.
  const retried = Number(/every 9th call answered 429 .*?(\d+) retried after 429/.exec(bench.stdout)?.[1]);
  expect(retried).toBeGreaterThan(0);
  // The limit by rate, behind the latency and on loopback: each with what was refused and how the run paced.
  const limitedByRate = goals.filter((goal) => goal.includes('calls/s (token bucket'));
  expect(limitedByRate).toHaveLength(2);
  for (const goal of limitedByRate) expect(goal).toMatch(/\d+ of \d+ calls refused \(\d+\.\d %\); (paced at|pacing lifted|never paced)/);
  const calls = /(\d[\d,]*) calls on loopback \(behind the proxy (\d[\d,]*) by results\.json, (\d[\d,]*) seen by the proxy\)/.exec(
    bench.stdout,
  );
  const [onLoopback, behind, seen] = [1, 2, 3].map((group) => Number(calls?.[group]?.replaceAll(',', '')));
  expect(onLoopback).toBeGreaterThan(0);
  expect(behind).toBeGreaterThan(0);
  expect(seen).toBeGreaterThan(0);
}, 600_000);
