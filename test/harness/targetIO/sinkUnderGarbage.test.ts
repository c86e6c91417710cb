import { connect } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SINK_BODY_LIMIT, type SinkEndpoint, WebhookSink } from '../../../harness/targetIO/webhookSink.ts';

// The webhook sink receiving garbage, oversized bodies, a flood and a sender
// that resets mid-body: it stays up, keeps a bounded record, and what it kept
// is evidence (headers, the bytes, what was cut or not kept).

const KEPT = 50;
let sink: WebhookSink;
let endpoint: SinkEndpoint;
beforeAll(async () => {
  sink = await WebhookSink.start({ deliveriesKept: KEPT });
  endpoint = sink.endpoint('garbage');
});
afterAll(() => sink.close());

const post = async (body: string | Buffer, contentType: string) => {
  const answer = await request(endpoint.url, { method: 'POST', body, headers: { 'content-type': contentType } });
  await answer.body.dump();
  return answer.statusCode;
};

test('garbage, oversized bodies, a reset and a flood are recorded within bounds, and the sink stays up', async () => {
  expect(await post('<<not json>>\u0000\uFFFF', 'text/plain; charset=utf-16')).toBe(200);
  expect(await post(Buffer.alloc(3 * SINK_BODY_LIMIT, 0x41), 'application/json')).toBe(200);

  await new Promise<void>((resolve) => {
    const { port, pathname } = new URL(endpoint.url);
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(`POST ${pathname} HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n{"data": [`);
      setTimeout(() => socket.resetAndDestroy(), 50);
    });
    socket.on('close', () => resolve());
    socket.on('error', () => {});
  });

  const flood = await Promise.all(
    Array.from({ length: 200 }, (_, index) => post(`{"data":[{"id":"flood-${index}"}]}`, 'application/json')),
  );
  expect(flood.every((status) => status === 200)).toBe(true);

  const [garbage, oversized] = endpoint.deliveries();
  expect(garbage?.payload.dataShape).toBe('not-json');
  expect(garbage?.headers['content-type']).toBe('text/plain; charset=utf-16');
  expect(garbage?.exchange.request.body).toContain('<<not json>>');
  expect(oversized?.rawBody.length).toBe(SINK_BODY_LIMIT);
  expect(oversized?.receivedBytes).toBe(3 * SINK_BODY_LIMIT);
  expect(oversized?.exchange.error).toMatch(/kept the first 1048576/);
  expect(endpoint.deliveries()).toHaveLength(KEPT);
  expect(endpoint.overflow()).toBe(2 + 200 - KEPT);
  console.log(
    `sink under garbage: ${endpoint.deliveries().length} deliveries kept, ${endpoint.overflow()} only counted, a ${3 * SINK_BODY_LIMIT}-byte body kept as ${SINK_BODY_LIMIT} bytes`,
  );

  const after = sink.endpoint('after');
  const answer = await request(after.url, { method: 'POST', body: '{"data":[]}', headers: { 'content-type': 'application/json' } });
  await answer.body.dump();
  expect(answer.statusCode).toBe(200);
  expect(after.deliveries()).toHaveLength(1);
});
