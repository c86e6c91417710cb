import { expect, test } from 'vitest';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';
import { call, ruleBody, webhookBody } from '../emulatorClient.ts';

// Named snapshots (POST /_emulator/snapshots, POST /_emulator/snapshots/restore):
// a test suite saves the store once and puts it back between tests. Restoring
// undoes every change since (rules, webhooks, events, the clock), keeps the
// tokens handed out, and discards the snapshots whose events it cut away.

const target = emulatorPerFile();
const json = { contentType: 'application/json' };
const control = (method: 'GET' | 'POST', path: string, body?: unknown) => call(target.url, method, `/_emulator${path}`, { body, ...json });

async function storeSeen() {
  const { token, url } = target;
  return {
    rules: (await call(url, 'GET', '/positive-pay', { token })).body.data,
    webhooks: (await call(url, 'GET', '/webhooks', { token })).body.data,
    events: (await call(url, 'GET', '/events', { token })).body.data,
    clock: (await control('GET', '/clock')).body.nowMs,
  };
}

test('restoring a snapshot undoes every change since it was saved, and keeps the tokens', async () => {
  const { token, url } = target;
  await control('POST', '/clock/scale', { scale: 0 });
  await control('POST', '/events', { type: 'customer.created', count: 2 });
  const saved = await control('POST', '/snapshots', { name: 'baseline' });
  expect(saved.status).toBe(201);
  expect(saved.body).toMatchObject({ name: 'baseline', events: 2 });
  const before = await storeSeen();

  const { accountId } = target.emulator.state.fixtures;
  const rule = await call(url, 'POST', '/positive-pay', { token, body: ruleBody(accountId) });
  await call(url, 'POST', '/webhooks', { token, body: webhookBody('http://127.0.0.1:9/later') });
  await control('POST', '/events', { type: 'customer.created', count: 3 });
  await control('POST', '/clock/advance', { ms: 86_400_000 });
  const minted = (await control('POST', '/tokens', {})).body.token;
  expect(await storeSeen()).not.toEqual(before);

  const restored = await control('POST', '/snapshots/restore', { name: 'baseline' });
  expect(restored.status).toBe(200);
  expect(restored.body).toMatchObject({ restored: { name: 'baseline' }, discarded: [] });
  expect(await storeSeen()).toEqual(before);
  expect((await call(url, 'GET', `/positive-pay/${rule.body.data.id}`, { token })).status).toBe(404);
  expect((await call(url, 'GET', '/webhooks', { token: minted })).status).toBe(200);
});

test('a snapshot covering events a restore cut away is discarded, and the restore says so', async () => {
  await control('POST', '/snapshots', { name: 'first' });
  await control('POST', '/events', { type: 'customer.created' });
  await control('POST', '/snapshots', { name: 'second' });
  const restored = await control('POST', '/snapshots/restore', { name: 'first' });
  expect(restored.body.discarded).toEqual(['second']);
  const names = (await control('GET', '/snapshots')).body.snapshots.map((snapshot: { name: string }) => snapshot.name);
  expect(names).toContain('first');
  expect(names).not.toContain('second');
});
