import { expect, test } from 'vitest';
import { call, ruleBody } from '../emulatorClient.ts';
import { mintToken, persistentEmulators } from '../persistentEmulator.ts';

// With --state DIR a named snapshot is kept on disk too: after a restart it is
// still listed and restores the store it saved, and the restored store is what
// the next restart reads.

const emulators = persistentEmulators();
const json = { contentType: 'application/json' };

test('a named snapshot outlives a restart, and what it restores is kept', async () => {
  const directory = emulators.directory();
  const first = await emulators.start(directory);
  const token = await mintToken(first.url);
  const { accountId } = (await call(first.url, 'GET', '/_emulator/health')).body.fixtures;
  expect((await call(first.url, 'POST', '/_emulator/snapshots', { body: { name: 'clean' }, ...json })).status).toBe(201);
  const rule = await call(first.url, 'POST', '/positive-pay', { token, body: ruleBody(accountId) });
  await emulators.stop(first);

  const second = await emulators.start(directory);
  const listed = (await call(second.url, 'GET', '/_emulator/snapshots')).body.snapshots;
  expect(listed.map((snapshot: { name: string }) => snapshot.name)).toEqual(['clean']);
  expect((await call(second.url, 'GET', `/positive-pay/${rule.body.data.id}`, { token })).status).toBe(200);
  expect((await call(second.url, 'POST', '/_emulator/snapshots/restore', { body: { name: 'clean' }, ...json })).status).toBe(200);
  expect((await call(second.url, 'GET', `/positive-pay/${rule.body.data.id}`, { token })).status).toBe(404);
  await emulators.kill(second);

  const third = await emulators.start(directory);
  expect((await call(third.url, 'GET', `/positive-pay/${rule.body.data.id}`, { token })).status).toBe(404);
});
