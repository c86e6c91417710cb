import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { call } from '../emulatorClient.ts';
import { type EmulatorProcess, runEmulatorProcess, startEmulatorProcess } from '../emulatorProcess.ts';

// --tokens-file FILE: the emulator accepts the tokens listed there, each with
// its scopes (every scope when omitted); a bad file stops it with a message
// naming the entry, and no token value is ever printed.

const directory = mkdtempSync(join(tmpdir(), 'emulator-tokens-'));
const write = (name: string, content: unknown) => {
  const path = join(directory, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

const FULL = 'file-token-with-every-scope';
const READER = 'file-token-payments-only';
let emulator: EmulatorProcess | undefined;
afterAll(() => emulator?.stop());

test('tokens from the file authenticate with their scopes', async () => {
  emulator = await startEmulatorProcess([
    '--tokens-file',
    write('tokens.json', [{ value: FULL }, { value: READER, scopes: ['payments'] }]),
  ]);
  expect((await call(emulator.url, 'GET', '/webhooks', { token: FULL })).status).toBe(200);
  expect((await call(emulator.url, 'GET', '/positive-pay', { token: READER })).status).toBe(200);
  expect((await call(emulator.url, 'GET', '/webhooks', { token: READER })).status).toBe(403);
  expect((await call(emulator.url, 'GET', '/webhooks', { token: 'not-in-the-file' })).status).toBe(401);
  expect(emulator.output()).not.toContain(FULL);
  expect(emulator.output()).not.toContain(READER);
});

test.each([
  ['not JSON', '[{', /not valid JSON/],
  ['an object instead of an array', { value: FULL }, /must hold a JSON array/],
  ['a short token', [{ value: 'short' }], /\[0\]\.value must be a string of at least 8 characters/],
  ['an unknown scope', [{ value: FULL, scopes: ['payments', 'admin'] }], /\[0\]\.scopes\[1\] "admin" is not a scope/],
  ['an unknown member', [{ value: FULL, scope: ['payments'] }], /\[0\] has unknown member scope/],
])('a tokens file with %s stops the emulator with exit code 2 naming what is wrong', async (name, content, message) => {
  const result = await runEmulatorProcess(['--tokens-file', write(`${name.replace(/\W+/g, '-')}.json`, content)]);
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toContain(FULL);
});
