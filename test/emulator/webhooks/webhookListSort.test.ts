import { expect, test } from 'vitest';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';
import { call } from '../emulatorClient.ts';

// Real clients send sort on GET /webhooks (the platform's public API reference
// lists it there, though section 4.3 does not): createdAt and -createdAt are
// accepted; any other value is still refused with a 400 naming the parameter.

const target = emulatorPerFile();

async function createWebhook(label: string): Promise<string> {
  const attributes = { label, url: 'http://127.0.0.1:9/hook', contentType: 'Json', deliveryMode: 'AtMostOnce' };
  const created = await call(target.url, 'POST', '/webhooks', { token: target.token, body: { data: { type: 'webhook', attributes } } });
  expect(created.status).toBe(201);
  return created.body.data.id;
}

test('sort=createdAt lists oldest first, sort=-createdAt newest first', async () => {
  const first = await createWebhook('sorted first');
  const second = await createWebhook('sorted second');
  const ids = async (sort: string) =>
    (
      (await call(target.url, 'GET', `/webhooks?sort=${encodeURIComponent(sort)}`, { token: target.token })).body.data as Array<{
        id: string;
      }>
    )
      .map((webhook) => webhook.id)
      .filter((id) => id === first || id === second);
  expect(await ids('createdAt')).toEqual([first, second]);
  expect(await ids('-createdAt')).toEqual([second, first]);
});

test.each(['name', 'created_at', '+createdAt'])('sort=%s is refused with a 400 naming sort', async (sort) => {
  const answer = await call(target.url, 'GET', `/webhooks?sort=${encodeURIComponent(sort)}`, { token: target.token });
  expect(answer.status).toBe(400);
  expect(answer.body.errors[0].source.parameter).toBe('sort');
});
