import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { request } from 'undici';
import { expectedSignature } from '../../../harness/targetIO/webhookSinkSignature.ts';
import { WebhookSink } from '../../../harness/targetIO/webhookSink.ts';

// The sink on its own: real HTTP on loopback, no emulator.
let sink: WebhookSink;
beforeAll(async () => {
  sink = await WebhookSink.start({ bindHost: '127.0.0.1' });
});
afterAll(async () => {
  await sink.close();
});

const post = (url: string, body: string, headers: Record<string, string> = {}, timeoutMs = 2000) =>
  request(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
    signal: AbortSignal.timeout(timeoutMs),
  })
    .then(async (response) => ({ status: response.statusCode, text: await response.body.text() }))
    .catch((error: Error) => ({ status: -1, text: error.name }));

describe('webhook sink', () => {
  test('records raw bytes, headers, parsed events and the signature verdict separately from its answer', async () => {
    const endpoint = sink.endpoint('signed', { token: 'tok-123456', script: [{ status: 500 }] });
    const body = '{"data":[{"id":"9","type":"account.created","attributes":{"createdAt":"2026-01-01T00:00:00.000Z"},"relationships":{}}]}';
    const first = await post(endpoint.url, body, { 'x-service-signature': expectedSignature('tok-123456', body) });
    const second = await post(endpoint.url, body, { 'x-service-signature': expectedSignature('other-token', body) });
    expect(first.status).toBe(500);
    expect(second.status).toBe(200);
    const [a, b] = endpoint.deliveries();
    expect(a?.rawBody.toString()).toBe(body);
    expect(a?.signature).toBe('valid');
    expect(a?.answer).toBe(500);
    expect(b?.signature).toBe('invalid');
    expect(b?.answer).toBe(200);
    expect(a?.payload.events).toEqual([expect.objectContaining({ id: '9', type: 'account.created' })]);
    expect(a?.headers['content-type']).toBe('application/json');
  });

  test('verifies with the configured header name, and flags a header sent for an empty token', async () => {
    const custom = await WebhookSink.start({ signatureHeader: 'X-Other-Signature' });
    try {
      const endpoint = custom.endpoint('custom', { token: 'tok-abcdef' });
      await post(endpoint.url, '{}', { 'x-other-signature': expectedSignature('tok-abcdef', '{}') });
      await post(endpoint.url, '{}', { 'x-service-signature': expectedSignature('tok-abcdef', '{}') });
      endpoint.setToken('');
      await post(endpoint.url, '{}', { 'x-other-signature': expectedSignature('', '{}') });
      await post(endpoint.url, '{}');
      expect(endpoint.deliveries().map((d) => d.signature)).toEqual(['valid', 'missing', 'unexpected-header', 'not-signed']);
    } finally {
      await custom.close();
    }
  });

  test('counts overlapping requests on one path, and answers after a scripted delay', async () => {
    const endpoint = sink.endpoint('overlap', { script: [{ status: 200, delayMs: 150 }, { status: 202 }] });
    const slow = post(endpoint.url, '{"data":[]}');
    await endpoint.waitFor((deliveries) => deliveries.length === 1, 1000);
    const fast = await post(endpoint.url, '{"data":[]}');
    const slowAnswer = await slow;
    expect(fast.status).toBe(202);
    expect(slowAnswer.status).toBe(200);
    const [first, second] = endpoint.deliveries();
    expect(first?.openAtArrival).toBe(0);
    expect(second?.openAtArrival).toBe(1);
    expect(first!.finishedAt! - first!.receivedAt).toBeGreaterThanOrEqual(140);
  });

  test('a hung request is never answered; a dropped one closes the connection', async () => {
    const endpoint = sink.endpoint('faults', { script: [{ hang: true }, { drop: true }] });
    const hung = await post(endpoint.url, '{}', {}, 300);
    const dropped = await post(endpoint.url, '{}');
    const after = await post(endpoint.url, '{}');
    expect(hung.status).toBe(-1);
    expect(dropped.status).toBe(-1);
    expect(after.status).toBe(200);
    expect(endpoint.deliveries().map((d) => d.answer)).toEqual(['hung', 'dropped', 200]);
    // The hung request is not counted as open when the next arrives: the sender gave up on it.
    expect(endpoint.deliveries()[1]?.openAtArrival).toBe(0);
  });

  test('waitFor resolves false on time-out, and a removed endpoint records nothing', async () => {
    const endpoint = sink.endpoint('gone');
    expect(await endpoint.waitFor((deliveries) => deliveries.length > 0, 50)).toBe(false);
    endpoint.remove();
    const answer = await post(endpoint.url, '{}');
    expect(answer.status).toBe(410);
    expect(endpoint.deliveries()).toHaveLength(0);
  });

  test('parses a single-object data member and id-only batches', async () => {
    const endpoint = sink.endpoint('shapes');
    await post(endpoint.url, '{"data":{"id":"5","type":"cardFraudCase.created","attributes":{},"relationships":{}}}');
    await post(endpoint.url, '{"data":["6","7"]}');
    await post(endpoint.url, 'not json');
    const [single, ids, broken] = endpoint.deliveries();
    expect(single?.payload.dataShape).toBe('object');
    expect(single?.payload.events.map((e) => e.id)).toEqual(['5']);
    expect(ids?.payload.events.map((e) => e.id)).toEqual(['6', '7']);
    expect(broken?.payload.dataShape).toBe('not-json');
  });
});
