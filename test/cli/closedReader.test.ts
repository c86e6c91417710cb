import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from './cliProcess.ts';

// `list scenarios | head -1`: the reader closes after the first line. The command
// MUST end as if nothing happened (exit 0, nothing on stderr), and leave no crash
// file behind (crash files are named with the pid: cli/failureExit.ts).

test('a reader that closes after the first line ends the command quietly', async () => {
  const child = spawn(process.execPath, [`${PROJECT_ROOT}/bin/banking-api-conformance.mjs`, 'list', 'scenarios'], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let firstLine = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.once('data', (chunk: Buffer) => {
    firstLine = chunk.toString('utf8').split('\n')[0] ?? '';
    child.stdout.destroy();
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));

  expect(firstLine).toMatch(/^\S+\/\S+/);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  const crashFiles = readdirSync(tmpdir()).filter(
    (name) => name.startsWith('banking-api-conformance-crash-') && name.endsWith(`-${child.pid}.txt`),
  );
  expect(crashFiles).toEqual([]);
});
