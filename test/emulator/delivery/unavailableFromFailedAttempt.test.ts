import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { type Emulator, startEmulator } from '../../../emulator/emulator.ts';
import { call, webhookBody } from '../emulatorClient.ts';
import { mintToken } from '../persistentEmulator.ts';

// 3.2, 8: a sandbox webhook whose endpoint stays unresponsive for 2 days becomes Unavailable. The
// 2 days run from the failed attempt the endpoint was sent, not from when its failure came back: a
// suite that moves the clock as soon as the attempt arrives must not find the failures counted from
// after the move (webhooks/unavailable-after-unresponsive once read Enabled 49 hours on).

const HOUR_MS = 60 * 60 * 1000;
const json = { contentType: 'application/json' };

let emulator: Emulator;
/** Attempts held unanswered until the test answers them. */
const held: ServerResponse[] = [];
const endpoint = createServer((request, response) => {
  request.resume();
  request.on('end', () => held.push(response));
});
let url: string;

beforeAll(async () => {
  emulator = await startEmulator();
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  endpoint.closeAllConnections();
  await new Promise<void>((resolve) => endpoint.close(() => resolve()));
  await emulator?.close();
});

const statusOf = async (token: string, id: string): Promise<string> =>
  (await call(emulator.url(), 'GET', `/webhooks/${id}`, { token })).body.data.attributes.status;

test('an endpoint failing since an attempt made before a 46-hour move is Unavailable 49 hours on, though its failure came back after the move', async () => {
  const base = emulator.url();
  await call(base, 'POST', '/_emulator/clock/scale', { body: { scale: 0 }, ...json });
  const token = await mintToken(base);
  const created = await call(base, 'POST', '/webhooks', { token, body: webhookBody(url, { deliveryMode: 'AtLeastOnce' }) });
  const id: string = created.body.data.id;
  expect(await statusOf(token, id)).toBe('Enabled');
  await call(base, 'POST', '/_emulator/events', { body: { type: 'customer.created' }, ...json });
  await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: 10_000 });

  // The clock moves while the first attempt waits for its answer; then the endpoint fails it.
  await call(base, 'POST', '/_emulator/clock/advance', { body: { ms: 46 * HOUR_MS }, ...json });
  held.shift()!.writeHead(503).end();
  await vi.waitFor(async () => expect((await call(base, 'GET', '/_emulator/clock')).body.timers).toBe(1), { timeout: 10_000 });
  expect(await statusOf(token, id)).toBe('Enabled');

  // 49 hours after the first failed attempt was made, the retry fails as well.
  await call(base, 'POST', '/_emulator/clock/advance', { body: { ms: 3 * HOUR_MS }, ...json });
  await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: 10_000 });
  held.shift()!.writeHead(503).end();
  await vi.waitFor(async () => expect(await statusOf(token, id)).toBe('Unavailable'), { timeout: 10_000 });
});
