import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { call, ruleBody } from '../emulatorClient.ts';
import { runEmulatorProcess } from '../emulatorProcess.ts';
import { mintToken, persistentEmulators } from '../persistentEmulator.ts';

// Two emulators on one --state directory would overwrite each other's store:
// the second is refused at start in one line naming the holder (its pid and how
// it was started), exit 2, and the holder goes on answering, its store unchanged.

const emulators = persistentEmulators();

test('a second emulator on a held state directory is refused, the first untouched', async () => {
  const directory = emulators.directory();
  const first = await emulators.start(directory);
  const token = await mintToken(first.url);
  const { accountId } = (await call(first.url, 'GET', '/_emulator/health')).body.fixtures;
  expect((await call(first.url, 'POST', '/positive-pay', { token, body: ruleBody(accountId, 'Held Originator') })).status).toBe(201);
  const rules = (await call(first.url, 'GET', `/positive-pay?filter[accountId]=${accountId}`, { token })).body;
  const saved = readFileSync(join(directory, 'state.json'), 'utf8');

  const second = await runEmulatorProcess(['--state', directory, '--port', '0']);
  expect(second.code).toBe(2);
  expect(second.stdout).toBe('');
  const lines = second.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(
    new RegExp(
      `^banking-api-emulator: ${directory} is in use by another emulator \\(pid ${first.child.pid}, started \\S+ as \`banking-api-emulator --port 0 --state ${directory}\`\\)`,
    ),
  );

  expect(readFileSync(join(directory, 'state.json'), 'utf8')).toBe(saved);
  expect((await call(first.url, 'GET', `/positive-pay?filter[accountId]=${accountId}`, { token })).body).toEqual(rules);
});
