import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

// `banking-api-emulator --list-faults | head -1`: a reader that stops after the
// first line ends the listing quietly, exit 0, never with a stack trace.

const BIN = fileURLToPath(new URL('../../bin/banking-api-emulator.mjs', import.meta.url));

test.each([[['--list-faults']], [['trigger', '--list']]])('%j read only in part exits 0 without a word on stderr', async (args) => {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise((resolve) => child.on('close', resolve));
  expect(stderr).toBe('');
  expect(code).toBe(0);
});
