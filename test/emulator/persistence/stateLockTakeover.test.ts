import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { LOCK_FILE } from '../../../emulator/persistence/stateLock.ts';
import { call, ruleBody } from '../emulatorClient.ts';
import { mintToken, persistentEmulators } from '../persistentEmulator.ts';

// A crash (kill -9) leaves the state directory's lock behind with the pid of a
// process that is gone: the next emulator takes it over, says so, and reads the
// store back. A stopped emulator leaves no lock at all.

const emulators = persistentEmulators();

test("a killed holder's lock is taken over, and a stopped one leaves none", async () => {
  const directory = emulators.directory();
  const crashed = await emulators.start(directory);
  const token = await mintToken(crashed.url);
  const { accountId } = (await call(crashed.url, 'GET', '/_emulator/health')).body.fixtures;
  const rule = await call(crashed.url, 'POST', '/positive-pay', { token, body: ruleBody(accountId, 'Crashed Originator') });
  expect(rule.status).toBe(201);
  await emulators.kill(crashed);
  expect(JSON.parse(readFileSync(join(directory, LOCK_FILE), 'utf8')).pid).toBe(crashed.child.pid);

  const next = await emulators.start(directory);
  expect(next.output()).toContain(
    `state: took over the lock of pid ${crashed.child.pid} (\`banking-api-emulator --port 0 --state ${directory}\`), which is no longer running`,
  );
  expect(JSON.parse(readFileSync(join(directory, LOCK_FILE), 'utf8')).pid).toBe(next.child.pid);
  expect((await call(next.url, 'GET', `/positive-pay/${rule.body.data.id}`, { token })).status).toBe(200);

  await emulators.stop(next);
  expect(existsSync(join(directory, LOCK_FILE))).toBe(false);
});
