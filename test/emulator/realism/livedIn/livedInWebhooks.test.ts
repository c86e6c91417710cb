import { expect, test } from 'vitest';
import { emulatorPerFile } from '../../../support/emulatorPerFile.ts';
import { call, webhookBody } from '../../emulatorClient.ts';

// Option livedIn: about 20 webhooks already exist, most Disabled; the few
// Enabled ones deliver AtLeastOnce to a failing loopback endpoint. Far fewer
// than the sandbox limit of 100 are Enabled, and new webhooks are newer.

const target = emulatorPerFile({ livedIn: { seed: 7, events: 0 } });

test('the lived-in webhooks: some Enabled at a failing loopback endpoint, most Disabled', async () => {
  const answer = await call(target.url, 'GET', '/webhooks?page[limit]=1000', { token: target.token });
  const webhooks = answer.body.data as Array<{ id: string; attributes: Record<string, string> }>;
  expect(webhooks.length).toBeGreaterThanOrEqual(15);
  const enabled = webhooks.filter((webhook) => webhook.attributes.status === 'Enabled');
  const disabled = webhooks.filter((webhook) => webhook.attributes.status === 'Disabled');
  expect(enabled.length).toBeGreaterThan(0);
  expect(enabled.length).toBeLessThanOrEqual(8);
  expect(disabled.length).toBeGreaterThan(enabled.length);
  for (const webhook of webhooks) expect(new URL(webhook.attributes.url!).hostname).toBe('127.0.0.1');
  for (const webhook of enabled) expect(webhook.attributes.deliveryMode).toBe('AtLeastOnce');
});

test('a webhook created now has a higher id and a later createdAt than every lived-in one', async () => {
  const before = (await call(target.url, 'GET', '/webhooks?page[limit]=1000', { token: target.token })).body.data as Array<{
    id: string;
    attributes: { createdAt: string };
  }>;
  const created = await call(target.url, 'POST', '/webhooks', { token: target.token, body: webhookBody('http://127.0.0.1:9/new') });
  expect(created.status).toBe(201);
  expect(Number(created.body.data.id)).toBeGreaterThan(Math.max(...before.map((webhook) => Number(webhook.id))));
  expect(Date.parse(created.body.data.attributes.createdAt)).toBeGreaterThan(
    Math.max(...before.map((webhook) => Date.parse(webhook.attributes.createdAt))),
  );
});
