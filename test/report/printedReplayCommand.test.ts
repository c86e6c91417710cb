import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { PROJECT_ROOT, runCli } from '../cli/cliProcess.ts';
import { commandToExit } from '../support/childProcess.ts';

// A failure on the embedded target is replayed by its replay command, which starts
// an emulator of its own: the run prints no curl command (its emulator's URL is gone
// when the run ends) and says so once, and the replay line, run by a shell as
// printed, fails the same requirement again with the same seed. `npx
// banking-api-conformance` is this package's bin: a shim on PATH stands for npx.

const scratch = mkdtempSync(join(tmpdir(), 'bac-printed-replay-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function npxShim(): string {
  const dir = join(scratch, 'bin');
  mkdirSync(dir, { recursive: true });
  const shim = join(dir, 'npx');
  writeFileSync(
    shim,
    `#!/bin/sh\n[ "$1" = banking-api-conformance ] || { echo "npx shim: only banking-api-conformance" >&2; exit 127; }\nshift\nexec "${process.execPath}" "${PROJECT_ROOT}/bin/banking-api-conformance.mjs" "$@"\n`,
  );
  chmodSync(shim, 0o755);
  return dir;
}

test('an embedded run prints no curl command, and its replay line fails the requirement again as printed', async () => {
  const run = await runCli([
    'run',
    '--requirement',
    'PP-LIST-SHAPE',
    '--emulator-fault',
    'list-without-total',
    '--seed',
    '23',
    '--report-dir',
    join(scratch, 'first'),
  ]);
  expect(run.code, run.stdout.slice(-3000) + run.stderr).toBe(1);
  expect(run.stdout).not.toMatch(/^\s+curl /m);
  expect(run.stdout.match(/^No curl commands: the run's embedded emulator stopped with the run/gm)).toHaveLength(1);
  const replays = [...run.stdout.matchAll(/^\s+replay: (.+)$/gm)].map((match) => match[1]!);
  expect(new Set(replays).size).toBe(1);
  const replay = replays[0]!;
  expect(replay).toMatch(/^npx banking-api-conformance run .*--seed 23 --emulator-fault list-without-total$/);

  const again = await commandToExit('bash', ['-c', replay], {
    cwd: scratch,
    env: { PATH: `${npxShim()}:${process.env.PATH ?? ''}` },
  });
  expect(again.code, again.stdout.slice(-3000) + again.stderr).toBe(1);
  expect(again.stdout).toMatch(/; seed 23;/);
  expect(again.stdout).toMatch(/^Verdict: NON-CONFORMANT .*: 1 MUST requirement failed: PP-LIST-SHAPE$/m);
}, 240_000);
