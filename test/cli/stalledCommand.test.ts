import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { runToExit } from '../support/childProcess.ts';

// A command that stalls (its work waits on a promise nothing will settle) must
// never end as exit 0 without a verdict: it is the suite's bug, exit 2 and one line.
// This happened: an unref'd timer in the container log let a --target-image run
// exit 0 after its last scenario, before judging.

const program = fileURLToPath(new URL('./programs/stalledCommand.mjs', import.meta.url));

test('a command that stalls before it finishes exits 2 with one line saying there is no verdict', async () => {
  const run = await runToExit(program, []);
  expect(run.code).toBe(2);
  expect(run.stderr.trim().split('\n')).toEqual([
    expect.stringMatching(
      /^banking-api-conformance: internal error \(a bug of the suite, not the target\): the command stopped before it finished.*no verdict$/,
    ),
  ]);
});

test('a command that finishes keeps its own exit code and prints nothing more', async () => {
  const run = await runToExit(program, ['finishes']);
  expect(run.code).toBe(0);
  expect(run.stderr).toBe('');
});
