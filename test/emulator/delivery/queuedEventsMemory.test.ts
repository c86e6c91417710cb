import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, expect, test } from 'vitest';
import { startEmulator, type Emulator } from '../../../emulator/emulator.ts';
import { DEFAULT_STORE_LIMITS } from '../../../emulator/core/storeLimits.ts';
import { call } from '../emulatorClient.ts';
import { subscribe } from '../../support/deliveryFixtures.ts';
import { FlakySink } from '../../support/flakySink.ts';

// Memory stays bounded while a receiver is down. A webhook's queue holds one
// reference per undelivered event; the events themselves are in the event store
// whether queued or not, and the store is bounded (1,000,000 events by default). So
// the bound is: the store's own bound, plus at most QUEUE_BYTES_PER_EVENT per queued
// event per webhook. Measured with 100,000 identical events queued for each of 4
// webhooks whose receiver refuses connections, against the same events stored with
// no webhook to queue them for; then the receiver comes back and every webhook
// gets every one of the 100,000.

const EVENTS = 100_000;
const PER_INJECTION = 10_000;
const WEBHOOKS = 4;
/** A reference (8 bytes) in an array that grows by half when full, with room for measurement noise. */
const QUEUE_BYTES_PER_EVENT = 32;
/** A type no catalogue lists is stored with the given members only: every event the same size. */
const PROBE = { type: 'memory.probe', attributes: { probe: true } };

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const emulators: Emulator[] = [];
const sinks: FlakySink[] = [];
afterAll(async () => {
  for (const sink of sinks) await sink.close();
  for (const emulator of emulators) await emulator.close();
});

/** The heap and the buffers outside it (the event store keeps its events' texts in buffers). */
function heapUsed(): number {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** Heap growth while EVENTS events are injected into a fresh emulator, after `prepare`. */
async function heapGrowth(
  prepare: (emulator: Emulator, token: string) => Promise<void>,
): Promise<{ emulator: Emulator; bytes: number; ids: string[] }> {
  const emulator = await startEmulator();
  emulators.push(emulator);
  const token = emulator.state.tokens.mint();
  await prepare(emulator, token);
  const before = heapUsed();
  const ids: string[] = [];
  for (let injected = 0; injected < EVENTS; injected += PER_INJECTION) {
    const answer = await call(emulator.url(), 'POST', '/_emulator/events', {
      body: { ...PROBE, count: PER_INJECTION },
      contentType: 'application/json',
    });
    expect(answer.status).toBe(201);
    for (const event of answer.body.events as Array<{ id: string }>) ids.push(event.id);
  }
  const bytes = heapUsed() - before;
  return { emulator, bytes, ids };
}

test(`${EVENTS} events queued for ${WEBHOOKS} webhooks whose receiver is down cost at most ${QUEUE_BYTES_PER_EVENT} bytes per event and webhook beyond storing them`, async () => {
  const sink = await FlakySink.start(1);
  sinks.push(sink);
  const endpoints = Array.from({ length: WEBHOOKS }, (_, n) => sink.endpoint(`down-${n}`));

  // A first run compiles and caches what every later one uses; its growth is not the store's.
  await (await heapGrowth(async () => undefined)).emulator.close();
  // The same events stored, with Disabled webhooks that queue nothing.
  const stored = await heapGrowth(async (emulator, token) => {
    for (const endpoint of endpoints) {
      const id = await subscribe(emulator.url(), token, endpoint.url, 'AtLeastOnce', 'down');
      expect((await call(emulator.url(), 'POST', `/webhooks/${id}/disable`, { token })).status).toBe(200);
    }
  });
  await stored.emulator.close();
  // Stored and queued: the receiver refuses connections the whole time.
  await sink.goDown();
  const queued = await heapGrowth(async (emulator, token) => {
    for (const endpoint of endpoints) await subscribe(emulator.url(), token, endpoint.url, 'AtLeastOnce', 'down');
  });
  const storePerEvent = stored.bytes / EVENTS;
  const queuePerEvent = (queued.bytes - stored.bytes) / EVENTS / WEBHOOKS;

  // Back up: the retries fall due at once, and every queued event is delivered.
  await sink.comeUp();
  expect(
    (
      await call(queued.emulator.url(), 'POST', '/_emulator/clock/advance', {
        body: { ms: 60 * 60 * 1000 },
        contentType: 'application/json',
      })
    ).status,
  ).toBe(200);
  const deadline = performance.now() + 40_000;
  const deliveredTo = () => endpoints.map((endpoint) => queued.ids.filter((id) => endpoint.record.arrivals.has(id)).length);
  while (endpoints.some((endpoint) => endpoint.record.arrivals.size < EVENTS) && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 200));
  const delivered = deliveredTo();

  const mb = (bytes: number) => (bytes / 1024 ** 2).toFixed(1);
  console.log(
    `queued events memory: ${EVENTS} events stored: ${mb(stored.bytes)} MB (${storePerEvent.toFixed(0)} B each); ` +
      `stored and queued for ${WEBHOOKS} webhooks whose receiver is down: ${mb(queued.bytes)} MB, so a queue costs ${queuePerEvent.toFixed(1)} B per event ` +
      `(bound ${QUEUE_BYTES_PER_EVENT} B: with the ${DEFAULT_STORE_LIMITS.storedEvents}-event store bound, at most ${mb(QUEUE_BYTES_PER_EVENT * DEFAULT_STORE_LIMITS.storedEvents)} MB per webhook); ` +
      `after the receiver came back each webhook got ${delivered.join(', ')} of ${EVENTS}`,
  );

  expect(queuePerEvent).toBeLessThanOrEqual(QUEUE_BYTES_PER_EVENT);
  // The measurement sees the store (the queues' 8 bytes are within its noise when tests run side by side).
  expect(storePerEvent, 'the heap growth of storing the events was measured at all').toBeGreaterThan(100);
  expect(delivered).toEqual(Array(WEBHOOKS).fill(EVENTS));
}, 120_000);
