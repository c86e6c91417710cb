import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { startEmulator } from '../emulator/emulator.ts';
import { emulatorManifest, openTargetSession } from '../harness/targetSession.ts';
import { benchSize, reportGoal } from './benchGoals.ts';

// Webhook delivery into a local sink that answers 200 at once: events per second
// under AtLeastOnce (batches, one webhook) and per webhook under AtMostOnce (one
// event per request, each webhook in order) with 100 webhooks subscribed.

const AT_LEAST_ONCE_GOAL = 50_000;
const AT_MOST_ONCE_GOAL = 5_000;
const WEBHOOKS = 100;
const sizes = benchSize('webhook delivery', { atLeastOnce: 50_000, atMostOnce: 100 }, { atLeastOnce: 200_000, atMostOnce: 500 },
  (size) => `${size.atLeastOnce.toLocaleString('en')} events AtLeastOnce, ${size.atMostOnce} events × ${WEBHOOKS} webhooks AtMostOnce`);

let received = 0;
let onReceived: () => void = () => {};
const sink = createServer((incoming, response) => {
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => {
    const data = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: unknown }).data;
    received += Array.isArray(data) ? data.length : 1;
    response.writeHead(200).end();
    onReceived();
  });
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/hook`;

async function measure(deliveryMode: 'AtLeastOnce' | 'AtMostOnce', webhooks: number, events: number): Promise<number> {
  const emulator = await startEmulator({ environment: 'live' });
  try {
    const session = await openTargetSession(emulatorManifest({ environment: 'live' }), { baseUrl: emulator.url(), seed: 1 });
    const headers = { authorization: `Bearer ${session.tokens.full()}`, 'content-type': 'application/vnd.api+json' };
    for (let index = 0; index < webhooks; index += 1) {
      const answer = await request(`${emulator.url()}/webhooks`, { method: 'POST', headers, body: JSON.stringify({ data: { type: 'webhook', attributes: { label: `bench ${index}`, url: sinkUrl, token: '', contentType: 'Json', deliveryMode, subscriptionType: 'All' } } }) });
      await answer.body.dump();
      if (answer.statusCode !== 201) throw new Error(`creating webhook ${index} answered ${answer.statusCode}`);
    }
    received = 0;
    const expected = events * webhooks;
    const done = new Promise<void>((resolve) => {
      onReceived = () => { if (received >= expected) resolve(); };
    });
    const started = performance.now();
    for (let injected = 0; injected < events; injected += 10_000) {
      const answer = await request(`${emulator.url()}/_emulator/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'transaction.created', count: Math.min(10_000, events - injected) }) });
      await answer.body.dump();
      if (answer.statusCode !== 201) throw new Error(`injecting events answered ${answer.statusCode}`);
    }
    const timeout = setTimeout(() => { throw new Error(`${deliveryMode}: ${received} of ${expected} deliveries after 120 s`); }, 120_000);
    await done;
    clearTimeout(timeout);
    return events / ((performance.now() - started) / 1000);
  } finally {
    await emulator.close();
  }
}

try {
  const atLeastOnce = await measure('AtLeastOnce', 1, sizes.atLeastOnce);
  reportGoal({ name: 'AtLeastOnce delivery into a local sink', figure: `${Math.round(atLeastOnce).toLocaleString('en')} events/s`, goal: `≥ ${AT_LEAST_ONCE_GOAL.toLocaleString('en')} events/s`, met: atLeastOnce >= AT_LEAST_ONCE_GOAL });
  const atMostOnce = await measure('AtMostOnce', WEBHOOKS, sizes.atMostOnce);
  reportGoal({ name: `AtMostOnce delivery per webhook, ${WEBHOOKS} webhooks`, figure: `${Math.round(atMostOnce).toLocaleString('en')} events/s per webhook (${Math.round(atMostOnce * WEBHOOKS).toLocaleString('en')} deliveries/s)`, goal: `≥ ${AT_MOST_ONCE_GOAL.toLocaleString('en')} events/s per webhook`, met: atMostOnce >= AT_MOST_ONCE_GOAL });
} finally {
  sink.closeAllConnections();
  sink.close();
}
