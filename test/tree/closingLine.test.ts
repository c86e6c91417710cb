import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

// CI keeps only the tail of a long log: the closing lines of `npm test` must name each
// failure, its file and the start of its message, and end with the counts line CI reads.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

test('the tail of a failing run names the failed test, its message, and the counts', { timeout: 60_000 }, async () => {
  const run = await promisify(execFile)(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--config=test/support/closingLineFixture/vitest.config.ts',
      '--reporter=dot',
      `--reporter=${ROOT}test/support/closingLineReporter.ts`,
    ],
    { cwd: ROOT, env: { ...process.env, CI: 'true', NO_COLOR: '1' } },
  ).then(
    () => ({ stdout: '', failed: false }),
    (error: { stdout: string }) => ({ stdout: error.stdout, failed: true }),
  );
  expect(run.failed).toBe(true);
  const tail = run.stdout.trimEnd().split('\n');
  expect(tail.at(-1)).toBe('Tests: 1 passed, 1 failed, 0 skipped');
  const failure = tail.findIndex((line) => line.startsWith('FAILED '));
  expect(tail[failure]).toMatch(/^FAILED .*failing\.check\.ts > breaks on purpose$/);
  expect(tail.slice(failure + 1).join('\n')).toContain('replay: run --seed 7');
  expect(tail.slice(failure + 1).join('\n')).toContain('FAIL XX-SOME-REQUIREMENT');
  // The last lines before the counts: one a failure, with its first finding.
  expect(tail.at(-3)).toMatch(/^ {2}.*failing\.check\.ts > breaks on purpose: "FAIL XX-SOME-REQUIREMENT a\/scenario: what went wrong",$/);
});
