import { expect, test } from 'vitest';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';
import { call } from '../emulatorClient.ts';

// A webhook created without token (API 2.6: the token is the empty string when
// unset) is created, unsigned, with token "".

const target = emulatorPerFile();

test('a create without token is accepted and the webhook renders token ""', async () => {
  const attributes = { label: 'no token', url: 'http://127.0.0.1:9/hook', contentType: 'JsonAPI', deliveryMode: 'AtLeastOnce' };
  const created = await call(target.url, 'POST', '/webhooks', { token: target.token, body: { data: { type: 'webhook', attributes } } });
  expect(created.status).toBe(201);
  expect(created.body.data.attributes.token).toBe('');
  const fetched = await call(target.url, 'GET', `/webhooks/${created.body.data.id}`, { token: target.token });
  expect(fetched.body.data.attributes).toMatchObject({ ...attributes, token: '', status: 'Enabled' });
});
