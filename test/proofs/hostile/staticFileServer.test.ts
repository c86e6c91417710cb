import { afterAll, beforeAll, expect, test } from 'vitest';
import { runCli } from '../../cli/cliProcess.ts';
import { type HostileTarget, startHostileTarget } from './hostileTarget.ts';

// A static file server given as --base-url (the emulator's manifest, which
// claims token minting): the run stops at the first control request with one
// setup-error line, exit 2, and no stack trace.

let target: HostileTarget;
beforeAll(async () => {
  target = await startHostileTarget('static-files');
});
afterAll(() => target.close());

test('a static file server as --base-url is a setup error naming what failed', async () => {
  const result = await runCli([
    'run',
    '--base-url',
    target.url,
    '--report-dir',
    `${process.env.TMPDIR ?? '/tmp'}/bac-static-${process.pid}`,
  ]);
  expect(result.code).toBe(2);
  const lines = result.stderr.split('\n').filter((line) => line.trim() && !line.includes('nodedir'));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(
    /claims tokenMinting, but no token could be minted \(control POST \/_emulator\/tokens answered 501: <!DOCTYPE HTML>/,
  );
  expect(lines[0]!.length).toBeLessThan(600);
  expect(result.stderr).not.toMatch(/^\s+at /m);
});
