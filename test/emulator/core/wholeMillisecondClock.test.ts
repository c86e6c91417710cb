import { request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator, type Emulator } from '../../../emulator/emulator.ts';
import { JSON_API } from '../../../contract/facts/mediaTypes.ts';

// The API shows time in whole milliseconds, so the emulator keeps it so: after the
// clock was stepped by a fraction (the frozen backoff measure steps it by 5 %), a
// webhook made at "…:05.123Z" is not listed by filter[since]=…:05.123Z. Kept with
// the fraction, it was: 412 webhooks made in one millisecond came back "earlier".

let emulator: Emulator;
const token = 'whole-millisecond-test-token';
beforeAll(async () => {
  emulator = await startEmulator({ clock: { scale: 0 }, tokens: [{ value: token }] });
});
afterAll(async () => {
  await emulator?.close();
});

test('a webhook is not listed by a since equal to its own createdAt after a fractional clock step', async () => {
  emulator.state.clock.advance(0.6);
  const created = await request(`${emulator.url()}/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': JSON_API },
    body: JSON.stringify({
      data: {
        type: 'webhook',
        attributes: {
          label: 'ms',
          url: 'http://127.0.0.1:9/x',
          token: '',
          contentType: 'Json',
          deliveryMode: 'AtMostOnce',
          subscriptionType: 'All',
        },
      },
    }),
  });
  const webhook = (await created.body.json()) as { data: { id: string; attributes: { createdAt: string } } };
  expect(created.statusCode).toBe(201);
  expect(Number.isInteger(emulator.state.clock.now())).toBe(true);
  const listed = await request(`${emulator.url()}/webhooks`, {
    query: { 'filter[since]': webhook.data.attributes.createdAt },
    headers: { authorization: `Bearer ${token}` },
  });
  const ids = ((await listed.body.json()) as { data: Array<{ id: string }> }).data.map((item) => item.id);
  expect(ids).not.toContain(webhook.data.id);
});
