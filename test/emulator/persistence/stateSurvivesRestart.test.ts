import { expect, test } from 'vitest';
import { call, ruleBody, webhookBody } from '../emulatorClient.ts';
import { mintToken, persistentEmulators } from '../persistentEmulator.ts';

// --state DIR: what a developer made (a token, a rule, a webhook, events, an
// account, the clock moved on) is there again after the emulator is stopped
// and started on the same directory, answered exactly as before; new ids
// continue after the saved ones.

const emulators = persistentEmulators();
const TEN_DAYS_MS = 10 * 24 * 60 * 60 * 1000;

async function readStore(url: string, token: string, ruleId: string) {
  return {
    rule: (await call(url, 'GET', `/positive-pay/${ruleId}`, { token })).body,
    webhooks: (await call(url, 'GET', '/webhooks', { token })).body,
    events: (await call(url, 'GET', '/events', { token })).body,
    health: (await call(url, 'GET', '/_emulator/health')).body.fixtures,
  };
}

test('the store and the clock offset survive a restart on the same --state directory', async () => {
  const directory = emulators.directory();
  const first = await emulators.start(directory);
  expect(first.output()).toContain(`state: ${directory} (fresh`);
  const token = await mintToken(first.url);
  const { accountId } = (await call(first.url, 'GET', '/_emulator/health')).body.fixtures;
  const rule = await call(first.url, 'POST', '/positive-pay', { token, body: ruleBody(accountId, 'Kept Originator') });
  expect(rule.status).toBe(201);
  expect((await call(first.url, 'POST', '/webhooks', { token, body: webhookBody('http://127.0.0.1:9/kept') })).status).toBeLessThan(300);
  const injected = await call(first.url, 'POST', '/_emulator/events', {
    body: { type: 'customer.created', count: 3 },
    contentType: 'application/json',
  });
  expect(injected.status).toBe(201);
  expect(
    (await call(first.url, 'POST', '/_emulator/clock/advance', { body: { ms: TEN_DAYS_MS }, contentType: 'application/json' })).status,
  ).toBe(200);
  const before = await readStore(first.url, token, rule.body.data.id);
  await emulators.stop(first);

  const second = await emulators.start(directory);
  expect(second.output()).toContain(`state: ${directory} (read back`);
  expect(await readStore(second.url, token, rule.body.data.id)).toEqual(before);
  expect(before.events.data.map((event: { id: string }) => event.id)).toEqual(
    expect.arrayContaining(injected.body.events.map((event: { id: string }) => event.id)),
  );
  const clock = (await call(second.url, 'GET', '/_emulator/clock')).body;
  // The offset is kept: the clock runs on from where it was, ten days ahead of the wall clock.
  expect(clock.nowMs - Date.now()).toBeGreaterThan(TEN_DAYS_MS - 60_000);
  const next = await call(second.url, 'POST', '/positive-pay', { token, body: ruleBody(accountId, 'New Originator') });
  expect(Number(next.body.data.id)).toBeGreaterThan(Number(rule.body.data.id));
});
