import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { CONTROL_PREFIX, CONTROL_ROUTES } from '../../../contract/facts/controlRoutes.ts';
import { call, webhookBody } from '../emulatorClient.ts';
import { persistentEmulators } from '../persistentEmulator.ts';

// --state DIR with --no-control-endpoints: the snapshot routes are off like every
// control route (404), and the store is still kept across a restart.

const emulators = persistentEmulators();
const TOKEN = 'state-without-control-endpoints';
const SNAPSHOT_ROUTES = [CONTROL_ROUTES.listSnapshots, CONTROL_ROUTES.saveSnapshot, CONTROL_ROUTES.restoreSnapshot];

test('the snapshot routes answer 404 with --no-control-endpoints, and the store is still kept', async () => {
  const directory = emulators.directory();
  const args = ['--no-control-endpoints'];
  const env = { BANKING_EMULATOR_TOKEN: TOKEN };
  const first = await emulators.start(directory, args, env);
  for (const route of SNAPSHOT_ROUTES) {
    const answer = await call(first.url, route.method, `${CONTROL_PREFIX}${route.path}`, {
      body: { name: 'x' },
      contentType: 'application/json',
    });
    expect(answer.status).toBe(404);
  }
  expect(existsSync(join(directory, 'snapshots'))).toBe(false);
  const created = await call(first.url, 'POST', '/webhooks', { token: TOKEN, body: webhookBody('http://127.0.0.1:9/kept') });
  expect(created.status).toBeLessThan(300);
  const before = (await call(first.url, 'GET', '/webhooks', { token: TOKEN })).body;
  await emulators.kill(first);

  const second = await emulators.start(directory, args, env);
  expect((await call(second.url, 'GET', '/webhooks', { token: TOKEN })).body).toEqual(before);
});
