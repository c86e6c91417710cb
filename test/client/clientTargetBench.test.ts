import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { commandToExit } from '../support/childProcess.ts';

// bench/clientTarget.bench.ts runs only with `npm run bench`, where a crash would go unseen until then:
// here it runs once, small and near (BENCH_CLIENT_TARGET_SMOKE=1), which proves it works — the call loop
// through client --target and straight at an emulator's own command, the reference client through it and
// straight at a far upstream, both goals printed — and judges none of its timings.

/** bench/ is above test/ in the layers: its exit code for a missed goal is read from its source. */
const MISSED_GOAL_EXIT = Number(/MISSED_GOAL_EXIT = (\d+);/.exec(readFileSync(`${PROJECT_ROOT}/bench/benchGoals.ts`, 'utf8'))?.[1]);

test('the client --target bench times the proxy per call and the reference client against a far upstream, printing both goals', async () => {
  const bench = await commandToExit(process.execPath, ['--import', 'tsx', 'bench/clientTarget.bench.ts'], {
    cwd: PROJECT_ROOT,
    env: { BENCH_CLIENT_TARGET_SMOKE: '1' },
  });
  expect([0, MISSED_GOAL_EXIT], bench.stderr || bench.stdout).toContain(bench.code);
  const goals = bench.stdout.split('\n').filter((line) => /^ {2}(met {4}|NOT MET) {2}/.test(line));
  expect(goals).toHaveLength(2);
  expect(goals[0]).toMatch(/adds to a call on loopback.*: -?[\d.]+ ms a call .*beside it: straight at the emulator [\d.]+ ms a call/);
  expect(goals[1]).toMatch(
    /reference client's run through client --target .*: [\d.]+× .*beside it: its own run straight at that upstream \d+ ms/,
  );
}, 300_000);
