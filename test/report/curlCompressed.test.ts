import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/emulator.ts';
import { acceptedCodings } from '../../harness/targetIO/contentCoding.ts';
import { curlCommand } from '../../report/reproduction.ts';

// Every request of the suite says which codings it accepts, and the suite decodes
// what comes; the curl command shown for an exchange does the same with
// --compressed, so against a target that codes its answers it prints the
// document, not gzip bytes.

const run = promisify(execFile);
let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ faults: ['gzip-coded-answers'] });
});
afterAll(() => emulator.close());

test("an exchange's Accept-Encoding is curl's --compressed, and the command prints the decoded document", async () => {
  const { command } = curlCommand({
    request: { method: 'GET', url: `${emulator.url()}/_emulator/clock`, headers: { ...acceptedCodings() } },
  });
  expect(command).toContain('--compressed');
  expect(command).not.toMatch(/accept-encoding/i);
  const { stdout } = await run('bash', ['-c', `${command} -s`]);
  expect(stdout).toMatch(/^content-encoding: gzip\r?$/im);
  expect(JSON.parse(stdout.slice(stdout.indexOf('{'))) as object).toHaveProperty('now');
});
