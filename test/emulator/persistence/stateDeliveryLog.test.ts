import { expect, test } from 'vitest';
import { call, webhookBody } from '../emulatorClient.ts';
import { mintToken, persistentEmulators } from '../persistentEmulator.ts';
import { type AnsweringReceiver, startAnsweringReceiver } from '../../support/answeringReceiver.ts';

// --state DIR keeps the delivery log (what `deliveries` and the page show) and
// the delivery time-out set at run time, as it keeps the rest of the store.

const emulators = persistentEmulators();

async function deliveredTo(url: string, eventId: string) {
  for (;;) {
    const { deliveries } = (await call(url, 'GET', `/_emulator/deliveries?event=${eventId}`)).body;
    if (deliveries.some((attempt: { state: string }) => attempt.state === 'delivered')) return deliveries;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('the delivery log and the delivery time-out survive a restart', async () => {
  const receiver: AnsweringReceiver = await startAnsweringReceiver({ status: 200, body: '{"kept":true}' });
  try {
    const directory = emulators.directory();
    const first = await emulators.start(directory);
    const token = await mintToken(first.url);
    expect((await call(first.url, 'POST', '/webhooks', { token, body: webhookBody(receiver.url) })).status).toBeLessThan(300);
    const json = { contentType: 'application/json' };
    expect((await call(first.url, 'PUT', '/_emulator/delivery', { body: { timeoutMs: 1234 }, ...json })).status).toBe(200);
    const injected = await call(first.url, 'POST', '/_emulator/events', { body: { type: 'customer.created' }, ...json });
    const eventId = injected.body.events[0].id as string;
    await deliveredTo(first.url, eventId);
    const before = (await call(first.url, 'GET', '/_emulator/deliveries')).body;
    await emulators.stop(first);

    const second = await emulators.start(directory);
    expect((await call(second.url, 'GET', '/_emulator/delivery')).body.timeoutMs).toBe(1234);
    const after = (await call(second.url, 'GET', '/_emulator/deliveries')).body;
    expect(after).toEqual(before);
    expect((await call(second.url, 'GET', `/_emulator/deliveries?event=${eventId}`)).body.recipients[eventId]).toHaveLength(1);
    expect(after.deliveries[0].response.body).toBe('{"kept":true}');
  } finally {
    await receiver.close();
  }
});
