import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DeliveryAttempt, DeliveryLog } from '../../../emulator/delivery/deliveryLog.ts';
import { VirtualClock } from '../../../emulator/core/virtualClock.ts';
import type { Webhook } from '../../../emulator/webhooks/webhookModel.ts';
import { CONTROL_PREFIX, CONTROL_ROUTES } from '../../../contract/facts/controlRoutes.ts';
import { call, webhookBody } from '../emulatorClient.ts';
import { type AnsweringReceiver, startAnsweringReceiver } from '../../support/answeringReceiver.ts';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';

// The delivery log (emulator/delivery/deliveryLog.ts) behind GET /_emulator/deliveries,
// the /_emulator/ui page and `banking-api-emulator deliveries`: it holds a fixed
// number of recent attempts, each with the request as sent and the answer, and
// never a webhook's token.

const webhook = (id: string): Webhook => ({
  id,
  seq: Number(id),
  createdAt: 0,
  label: 'log',
  url: 'http://127.0.0.1:9/hook',
  token: 'never-logged',
  contentType: 'Json',
  deliveryMode: 'AtLeastOnce',
  includeResources: false,
  subscriptionType: 'All',
  status: 'Enabled',
});

test('the log keeps only its most recent attempts and recipients', () => {
  const clock = new VirtualClock({ scale: 0 });
  const log = new DeliveryLog(clock, 3, 2);
  for (let n = 1; n <= 5; n += 1) {
    log.queued(String(n), '7');
    log.sent(webhook('7'), [{ id: String(n), type: 'customer.created' }], { body: Buffer.from('{}'), headers: {} }, 1);
  }
  expect(log.read().map((attempt) => attempt.eventIds[0])).toEqual(['5', '4', '3']);
  expect(log.recipientsOf(['3', '4', '5'])).toEqual({ '3': [], '4': ['7'], '5': ['7'] });
  expect(log.read({ after: 4 }).map((attempt) => attempt.seq)).toEqual([5]);
  clock.dispose();
});

const emulator = emulatorPerFile();
const TOKEN = 'webhook-signing-secret-never-shown';
let ok: AnsweringReceiver;
let failing: AnsweringReceiver;

beforeAll(async () => {
  ok = await startAnsweringReceiver({ status: 200, body: '{"thanks":1}' });
  failing = await startAnsweringReceiver({ status: 503, body: 'try later' });
});
afterAll(async () => {
  await ok.close();
  await failing.close();
});

async function deliveriesOf(eventId: string) {
  const answer = await call(emulator.url, 'GET', `${CONTROL_PREFIX}${CONTROL_ROUTES.readDeliveries.path}?event=${eventId}`);
  return { text: answer.text, body: answer.body as { deliveries: DeliveryAttempt[]; recipients: Record<string, string[]> } };
}

test('each attempt shows the request as sent and the answer; the token never appears', async () => {
  const created = [];
  for (const [receiver, mode] of [
    [ok, 'AtMostOnce'],
    [failing, 'AtLeastOnce'],
  ] as const) {
    const answer = await call(emulator.url, 'POST', '/webhooks', {
      token: emulator.token,
      body: webhookBody(receiver.url, { token: TOKEN, deliveryMode: mode }),
    });
    expect(answer.status).toBe(201);
    created.push(answer.body.data.id as string);
  }
  const injected = await call(emulator.url, 'POST', `${CONTROL_PREFIX}${CONTROL_ROUTES.injectEvents.path}`, {
    body: { type: 'customer.created' },
    contentType: 'application/json',
  });
  const eventId = injected.body.events[0].id as string;
  await expect.poll(async () => (await deliveriesOf(eventId)).body.deliveries.filter((d) => d.state !== 'in-flight').length).toBe(2);

  const { text, body } = await deliveriesOf(eventId);
  expect(text).not.toContain(TOKEN);
  expect(body.recipients[eventId]?.sort()).toEqual([...created].sort());
  const [delivered, failed] = created.map((id) => body.deliveries.find((attempt) => attempt.webhookId === id)!);
  const sent = ok.received.at(-1)!;
  expect(delivered!.request.body).toBe(sent.body);
  expect(delivered!.request.signature).toBe(createHmac('sha1', TOKEN).update(sent.body).digest('base64'));
  expect(delivered!.request.headers['content-type']).toBe(sent.headers['content-type']);
  expect(delivered).toMatchObject({ state: 'delivered', attempt: 1, response: { status: 200, body: '{"thanks":1}' } });
  expect(delivered!.nextRetryAt).toBeUndefined();
  expect(failed).toMatchObject({ state: 'failed', attempt: 1, response: { status: 503, body: 'try later' } });
  expect(Date.parse(failed!.nextRetryAt!)).toBeGreaterThan(Date.parse(failed!.sentAt));
  expect(typeof failed!.durationMs).toBe('number');
});
