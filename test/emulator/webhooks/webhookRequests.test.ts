import { describe, expect, test } from 'vitest';
import { startEmulator } from '../../../emulator/emulator.ts';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';

// Refused webhook requests name the member that is wrong (never a 5xx).

const target = emulatorPerFile();

const send = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${target.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${target.token}`, ...(body === undefined ? {} : { 'content-type': 'application/vnd.api+json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (await response.json()) as any };
};

const complete = { label: 'a', url: 'http://127.0.0.1:9/hook', token: 't', contentType: 'Json', deliveryMode: 'AtMostOnce' };

describe('webhook requests', () => {
  // Neither token (2.6 renders an unset token as "", test/emulator/webhooks/webhookWithoutToken.test.ts) nor
  // deliveryMode (defaults to AtMostOnce, test/emulator/webhooks/webhookWithoutDeliveryMode.test.ts).
  test.each(Object.keys(complete).filter((member) => member !== 'token' && member !== 'deliveryMode'))(
    'a create without %s is refused naming it',
    async (member) => {
      const attributes: Record<string, unknown> = { ...complete };
      delete attributes[member];
      const answer = await send('POST', '/webhooks', { data: { type: 'webhook', attributes } });
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].source.pointer).toBe(`/data/attributes/${member}`);
    },
  );

  test.each([
    ['url', 'ftp://example.com/x'],
    ['contentType', 'Xml'],
    ['subscriptionType', 'Some'],
    ['includeResources', 'yes'],
  ])('a create with %s %j is refused naming it', async (member, value) => {
    const answer = await send('POST', '/webhooks', { data: { type: 'webhook', attributes: { ...complete, [member]: value } } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].source.pointer).toBe(`/data/attributes/${member}`);
  });

  test('a new webhook is Enabled, with the documented defaults and an empty token rendered as ""', async () => {
    const answer = await send('POST', '/webhooks', { data: { type: 'webhook', attributes: { ...complete, token: '' } } });
    expect(answer.status).toBe(201);
    expect(answer.body.data.attributes).toMatchObject({ status: 'Enabled', token: '', subscriptionType: 'All', includeResources: false });
  });

  test('deliveryMode cannot be changed by PATCH, and bad list parameters name the parameter', async () => {
    const created = await send('POST', '/webhooks', { data: { type: 'webhook', attributes: complete } });
    const patched = await send('PATCH', `/webhooks/${created.body.data.id}`, {
      data: { type: 'webhook', attributes: { deliveryMode: 'AtLeastOnce' } },
    });
    expect(patched.status).toBe(400);
    expect(patched.body.errors[0].source.pointer).toBe('/data/attributes/deliveryMode');
    const listed = await send('GET', '/webhooks?page[limit]=0');
    expect(listed.status).toBe(400);
    expect(listed.body.errors[0].source.parameter).toBe('page[limit]');
  });

  test('the 101st Enabled webhook is refused in the sandbox but allowed in live', async () => {
    for (let n = 0; n < 100; n += 1) await send('POST', '/webhooks', { data: { type: 'webhook', attributes: complete } });
    const refused = await send('POST', '/webhooks', { data: { type: 'webhook', attributes: complete } });
    expect(refused.status).toBe(409);
    const live = await startEmulator({ environment: 'live' });
    try {
      const liveToken = live.state.tokens.mint();
      let last = 0;
      for (let n = 0; n < 101; n += 1) {
        last = (
          await fetch(`${live.url()}/webhooks`, {
            method: 'POST',
            headers: { authorization: `Bearer ${liveToken}`, 'content-type': 'application/vnd.api+json' },
            body: JSON.stringify({ data: { type: 'webhook', attributes: complete } }),
          })
        ).status;
      }
      expect(last).toBe(201);
    } finally {
      await live.close();
    }
  });
});
