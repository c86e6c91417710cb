import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { commandToExit } from '../support/childProcess.ts';

// bench/clientRun.bench.ts runs only with `npm run bench`, where a crash would go unseen until
// then: here it runs once, small (BENCH_CLIENT_SMOKE=1), which proves it works — the reference
// client judged with its exit stamped, the call loop through `client` and straight at an
// emulator, both goals printed — and judges none of its timings. A missed goal is an exit of
// its own; a broken bench is any other.

/** bench/ is above test/ in the layers: its exit code for a missed goal is read from its source. */
const MISSED_GOAL_EXIT = Number(/MISSED_GOAL_EXIT = (\d+);/.exec(readFileSync(`${PROJECT_ROOT}/bench/benchGoals.ts`, 'utf8'))?.[1]);

test('the client bench judges the reference client and times the call loop both ways, printing both goals with their figures', async () => {
  const bench = await commandToExit(process.execPath, ['--import', 'tsx', 'bench/clientRun.bench.ts'], {
    cwd: PROJECT_ROOT,
    env: { BENCH_CLIENT_SMOKE: '1' },
  });
  expect([0, MISSED_GOAL_EXIT], bench.stderr || bench.stdout).toContain(bench.code);
  const goals = bench.stdout.split('\n').filter((line) => /^ {2}(met {4}|NOT MET) {2}/.test(line));
  expect(goals).toHaveLength(2);
  expect(goals[0]).toMatch(
    /from its process's exit to results\.json written .*: -?\d+ ms .*verdict conformant; beside it: the client's own run \d+ ms/,
  );
  expect(goals[1]).toMatch(/% fewer calls a second \([\d,]+\/s; .*beside it: straight at the emulator [\d,]+\/s/);
}, 300_000);
