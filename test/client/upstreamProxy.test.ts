import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { UpstreamProxy } from '../../client/upstreamProxy.ts';

// The recording proxy of client --target (client/upstreamProxy.ts): what the client sends reaches the
// target as it was sent (method, path and query, its own credentials, the body's bytes), the target's
// answer reaches the client as it was given, and the request is kept with that answer. A target that
// cannot be reached is answered 502 by the proxy and said as the target's problem.

const CLIENT_TOKEN = 'the-client-brings-its-own-token';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

const started: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const one of started.splice(0)) await one.close();
});

/** A target on loopback that keeps what it received and answers `answer`. */
async function upstream(answer: { status: number; headers: Record<string, string>; body: Buffer }) {
  const received: Received[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      received.push({ method: incoming.method!, url: incoming.url!, headers: incoming.headers, body: Buffer.concat(chunks) });
      outgoing.writeHead(answer.status, answer.headers).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  started.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
}

async function proxyTo(url: string, redactor = new SecretRedactor()) {
  const proxy = await UpstreamProxy.start({ upstream: url, redactor });
  started.push(proxy);
  return proxy;
}

describe('the recording proxy in front of a target', () => {
  test('the request reaches the target as sent, and the answer the client as given; both are kept', async () => {
    const answerText = '{"data":{"type":"positivePayPolicy","id":"1"}}';
    const target = await upstream({
      status: 201,
      headers: { 'content-type': 'application/vnd.api+json', 'content-encoding': 'gzip', 'x-vendor': 'kept' },
      body: gzipSync(answerText),
    });
    const redactor = new SecretRedactor();
    const proxy = await proxyTo(target.url, redactor);
    const body = Buffer.from('{"data":{"type":"positivePayPolicy","attributes":{"optInTypes":["CheckPayment"]}}, "é": 1}');
    const answer = await fetch(`${proxy.url()}/positive-pay-policy?b=2&a=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${CLIENT_TOKEN}`, 'content-type': 'application/json', 'x-client': 'own' },
      body,
    });
    expect([answer.status, answer.headers.get('x-vendor'), await answer.text()]).toEqual([201, 'kept', answerText]);
    const [got, ...more] = target.received;
    expect(more).toEqual([]);
    expect(got).toMatchObject({ method: 'POST', url: '/v1/positive-pay-policy?b=2&a=1' });
    expect(got!.body.equals(body)).toBe(true);
    expect(got!.headers).toMatchObject({ authorization: `Bearer ${CLIENT_TOKEN}`, 'content-type': 'application/json', 'x-client': 'own' });
    const [kept] = proxy.requests();
    expect(kept).toMatchObject({ method: 'POST', target: '/positive-pay-policy?b=2&a=1', status: 201, answerBody: answerText });
    expect(kept!.body.equals(body)).toBe(true);
    // The client's own credentials are learned: no line or report shows them.
    expect(redactor.text(`sent ${CLIENT_TOKEN}`)).not.toContain(CLIENT_TOKEN);
  });

  test('a target that cannot be reached: the client is answered 502 by the proxy, and it is the target problem said', async () => {
    const target = await upstream({ status: 200, headers: {}, body: Buffer.alloc(0) });
    await started.pop()!.close();
    const proxy = await proxyTo(target.url);
    const answer = await fetch(`${proxy.url()}/events`, { headers: { authorization: `Bearer ${CLIENT_TOKEN}` } });
    expect(answer.status).toBe(502);
    expect(await answer.text()).toContain(`the target at ${target.url} did not answer`);
    expect(proxy.upstreamProblems).toEqual(['GET /events: ECONNREFUSED']);
  });
});
