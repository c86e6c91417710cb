import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { UpstreamProxy } from '../../client/upstreamProxy.ts';
import { ProxiedPlanBender, unavailableThroughProxy } from '../../client/proxiedPerturbations.ts';
import { listPerturbations } from '../../cli/catalogueListing.ts';
import { DEFAULT_PLAN, PERTURBATION_NAMES, RETRY_AFTER_SECONDS, UNLISTED_EVENT_TYPE } from '../../client/perturbations.ts';

// The perturbations through the proxy of client --target (client/proxiedPerturbations.ts): a refused
// write never reaches the target; the unlisted event is added to the first list of events with room
// for it, and served on its own URL by the proxy alone; a slow create is sent on and its answer held;
// more-than-one-page, which needs the emulator's control, is not made and says why.

const JSON_API = 'application/vnd.api+json';
const stored = [1, 2, 3].map((n) => ({ id: String(n), type: 'positivePay.cancelled', attributes: { createdAt: '2026-01-01T00:00:00Z' } }));

const started: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const one of started.splice(0)) await one.close();
});

/** A target that lists three events, makes what is posted, and keeps every request it received. */
async function target() {
  const received: string[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    incoming.resume();
    incoming.on('end', () => {
      received.push(`${incoming.method} ${incoming.url}`);
      const query = new URLSearchParams(incoming.url!.split('?')[1] ?? '');
      const offset = Number(query.get('page[offset]') ?? 0);
      const limit = Number(query.get('page[limit]') ?? 100);
      const body =
        incoming.method === 'GET'
          ? { data: stored.slice(offset, offset + limit), meta: { pagination: { total: stored.length } } }
          : { data: { type: 'webhook', id: '77' } };
      outgoing.writeHead(incoming.method === 'GET' ? 200 : 201, { 'content-type': JSON_API }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  started.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  const proxy = await UpstreamProxy.start({
    upstream: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    redactor: new SecretRedactor(),
    bender: new ProxiedPlanBender(DEFAULT_PLAN),
  });
  started.push(proxy);
  return { received, proxy };
}

const read = async (url: string) => (await (await fetch(url)).json()) as { data: Array<{ id: string; type: string }> | { id: string } };

describe('perturbations through the proxy', () => {
  test('the first write is answered 429 by the proxy and never reaches the target; sent again, it does', async () => {
    const { received, proxy } = await target();
    const send = () => fetch(`${proxy.url()}/positive-pay-policy`, { method: 'POST', headers: { 'content-type': JSON_API }, body: '{}' });
    const refused = await send();
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, String(RETRY_AFTER_SECONDS)]);
    expect(received).toEqual([]);
    expect((await send()).status).toBe(201);
    expect(received).toEqual(['POST /positive-pay-policy']);
    expect(proxy.requests()[0]!.perturbed).toEqual([{ name: 'retry-after-429', facts: { retryAfterSeconds: RETRY_AFTER_SECONDS } }]);
  });

  test('the unlisted event waits for a list with room and within its filters, then is served on its own URL by the proxy alone', async () => {
    const { received, proxy } = await target();
    const full = await read(`${proxy.url()}/events?page[limit]=2`);
    const filtered = await read(`${proxy.url()}/events?page[limit]=10&filter[type][]=positivePay.cancelled`);
    expect([full.data, filtered.data]).toEqual([stored.slice(0, 2), stored]);
    const last = (await read(`${proxy.url()}/events?page[limit]=2&page[offset]=2`)).data as Array<{ id: string; type: string }>;
    expect(last.map((event) => event.type)).toEqual([UNLISTED_EVENT_TYPE, 'positivePay.cancelled']);
    const unlisted = last[0]!;
    expect(await read(`${proxy.url()}/events/${unlisted.id}`)).toEqual({ data: unlisted });
    expect((await fetch(`${proxy.url()}/events/${unlisted.id}`, { method: 'POST', body: '{}' })).status).toBe(204);
    // Only the lists reached the target: the event it never made is the proxy's to serve.
    expect(received.every((line) => line.startsWith('GET /events?'))).toBe(true);
    expect(received).toHaveLength(3);
  });

  test('a slow create is sent on, made by the target, and its answer held until the client gives up', async () => {
    const { received, proxy } = await target();
    // The 429 takes the first write; the slow answer the first create after it.
    await (await fetch(`${proxy.url()}/positive-pay-policy`, { method: 'POST', body: '{}' })).arrayBuffer();
    const gaveUp = await fetch(`${proxy.url()}/webhooks`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(200) }).catch(
      (error: Error) => error.name,
    );
    expect(gaveUp).toBe('TimeoutError');
    expect(received).toEqual(['POST /webhooks']);
    await expect.poll(() => proxy.requests()[1]?.gaveUpAfterMs).toBeGreaterThan(0);
    expect(proxy.requests()[1]!.perturbed?.map((bent) => bent.name)).toEqual(['slow-answer']);
  });

  test("more-than-one-page needs the emulator's control: not made through the proxy, and why is said, here and by list perturbations", () => {
    expect(unavailableThroughProxy(PERTURBATION_NAMES)).toEqual({
      'more-than-one-page': expect.stringMatching(/^more-than-one-page needs the embedded emulator: .*event injection/),
    });
    const withTarget = Object.fromEntries(listPerturbations({}).map((row) => [row.name, row.withTarget]));
    expect(withTarget).toEqual({
      'unknown-event-type': expect.stringContaining('added by the proxy'),
      'retry-after-429': undefined,
      'slow-answer': undefined,
      'more-than-one-page': expect.stringMatching(/^SKIP, as .*event injection/),
      'list-shift': expect.stringContaining('the proxy repeats the last event'),
    });
  });
});
