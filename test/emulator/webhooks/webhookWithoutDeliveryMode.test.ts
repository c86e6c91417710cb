import { expect, test } from 'vitest';
import { DEFAULT_DELIVERY_MODE } from '../../../emulator/webhooks/webhookAttributes.ts';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';
import { call } from '../emulatorClient.ts';

// A create without deliveryMode, as the platform's Python SDK sends it and the
// real service accepts it: the emulator creates the webhook with its documented
// default, AtMostOnce; an unknown deliveryMode is still refused.

const target = emulatorPerFile();
const attributes = { label: 'no delivery mode', url: 'http://127.0.0.1:9/hook', contentType: 'Json', token: 'secret' };

test('a create without deliveryMode is accepted with deliveryMode AtMostOnce', async () => {
  const created = await call(target.url, 'POST', '/webhooks', { token: target.token, body: { data: { type: 'webhook', attributes } } });
  expect(created.status).toBe(201);
  expect(DEFAULT_DELIVERY_MODE).toBe('AtMostOnce');
  const fetched = await call(target.url, 'GET', `/webhooks/${created.body.data.id}`, { token: target.token });
  expect(fetched.body.data.attributes).toMatchObject({ ...attributes, deliveryMode: DEFAULT_DELIVERY_MODE });
});

test('an unknown deliveryMode is still refused with a 400 naming it', async () => {
  const answer = await call(target.url, 'POST', '/webhooks', {
    token: target.token,
    body: { data: { type: 'webhook', attributes: { ...attributes, deliveryMode: 'ExactlyOnce' } } },
  });
  expect(answer.status).toBe(400);
  expect(answer.body.errors[0].source.pointer).toBe('/data/attributes/deliveryMode');
});
