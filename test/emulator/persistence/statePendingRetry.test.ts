import { afterEach, expect, test, vi } from 'vitest';
import { type AnsweringReceiver, startAnsweringReceiver } from '../../support/answeringReceiver.ts';
import { call, webhookBody } from '../emulatorClient.ts';
import { mintToken, persistentEmulators } from '../persistentEmulator.ts';

// --state DIR keeps the deliveries still owed: an AtLeastOnce delivery that
// failed and waits for its retry on the (frozen) clock is still owed after a
// kill -9 and a restart, waits for the same time, and is delivered then.

const emulators = persistentEmulators();
let receiver: AnsweringReceiver | undefined;
afterEach(async () => receiver?.close());

const json = { contentType: 'application/json' };
const ONE_HOUR_MS = 60 * 60 * 1000;

test('a retry pending at a kill -9 is delivered after the restart, at its time', async () => {
  receiver = await startAnsweringReceiver({ status: 500, body: '{}' });
  const directory = emulators.directory();
  const first = await emulators.start(directory);
  await call(first.url, 'POST', '/_emulator/clock/scale', { body: { scale: 0 }, ...json });
  const token = await mintToken(first.url);
  const webhook = await call(first.url, 'POST', '/webhooks', { token, body: webhookBody(receiver.url, { deliveryMode: 'AtLeastOnce' }) });
  expect(webhook.status).toBeLessThan(300);
  const injected = await call(first.url, 'POST', '/_emulator/events', { body: { type: 'customer.created' }, ...json });
  const eventId: string = injected.body.events[0].id;
  await vi.waitFor(async () => expect((await call(first.url, 'GET', '/_emulator/clock')).body.timers).toBe(1), { timeout: 10_000 });
  expect(receiver.received).toHaveLength(1);
  // Any write is committed before it is answered: this one also commits the retry the failure scheduled.
  await call(first.url, 'POST', '/_emulator/clock/advance', { body: { ms: 0 }, ...json });
  await emulators.kill(first);

  receiver.answer = { status: 200, body: '{}' };
  const second = await emulators.start(directory);
  expect((await call(second.url, 'GET', '/_emulator/clock')).body.timers).toBe(1);
  await call(second.url, 'POST', '/_emulator/clock/advance', { body: { ms: ONE_HOUR_MS }, ...json });
  await vi.waitFor(() => expect(receiver?.received).toHaveLength(2), { timeout: 10_000 });
  expect(receiver.received[1]!.body).toContain(`"${eventId}"`);
});
