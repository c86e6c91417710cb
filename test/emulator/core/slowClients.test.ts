import type { Socket } from 'node:net';
import { Pool } from 'undici';
import { afterAll, expect, test } from 'vitest';
import { createEmulator, startEmulator } from '../../../emulator/emulator.ts';
import { DEFAULT_SERVER_TIMEOUTS } from '../../../emulator/core/connectionLimits.ts';
import { closed, openSocket } from '../../support/rawConnection.ts';

// A slow-loris cannot hold the emulator: 50 clients trickling their headers a
// byte at a time and 10 trickling a body are cut off once the header or request
// time-out passes (with a JSON:API 408 when the socket still takes it), and other
// clients are served all along. Short time-outs keep the test quick; the defaults
// are checked separately.

const TIMEOUTS = { headersMs: 1_500, requestMs: 3_000, keepAliveMs: 1_000 };
const SLOW_HEADERS = 50;
const SLOW_BODIES = 10;
const TRICKLE_MS = 200;
const SERVED = 300;

const emulator = await startEmulator({ timeouts: TIMEOUTS });
const token = emulator.state.tokens.mint();
const timers: NodeJS.Timeout[] = [];
afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  await emulator.close();
});

interface SlowClient {
  socket: Socket;
  openedAt: number;
  closedAfterMs?: number;
  answer: string;
}

async function slowClient(start: string, trickle: string): Promise<SlowClient> {
  const socket = await openSocket(emulator.url());
  const client: SlowClient = { socket, openedAt: performance.now(), answer: '' };
  socket.on('error', () => undefined);
  socket.on('data', (chunk: Buffer) => (client.answer += chunk.toString('utf8')));
  void closed(socket).then(() => (client.closedAfterMs = performance.now() - client.openedAt));
  socket.write(start);
  timers.push(
    setInterval(() => {
      if (!socket.destroyed && socket.writable) socket.write(trickle);
    }, TRICKLE_MS),
  );
  return client;
}

test('slow clients are cut off after the time-outs while other clients are served', async () => {
  const slowHeaders = await Promise.all(
    Array.from({ length: SLOW_HEADERS }, () => slowClient(`GET /webhooks HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `, 'x')),
  );
  const slowBodies = await Promise.all(
    Array.from({ length: SLOW_BODIES }, () =>
      slowClient(
        `POST /_emulator/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`,
        ' ',
      ),
    ),
  );
  const slow = [...slowHeaders, ...slowBodies];

  const pool = new Pool(emulator.url(), { connections: 4 });
  const latencies: number[] = [];
  const statuses: number[] = [];
  for (let n = 0; n < SERVED; n += 1) {
    const started = performance.now();
    const response = await pool.request({ method: 'GET', path: '/webhooks?page[limit]=5', headers: { authorization: `Bearer ${token}` } });
    await response.body.dump();
    statuses.push(response.statusCode);
    latencies.push(performance.now() - started);
  }
  await pool.close();
  const heldWhileServed = slow.filter((client) => client.closedAfterMs === undefined).length;

  const deadline = performance.now() + 4 * TIMEOUTS.requestMs;
  while (slow.some((client) => client.closedAfterMs === undefined) && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const cutHeaders = slowHeaders.map((client) => client.closedAfterMs ?? Number.POSITIVE_INFINITY);
  const cutBodies = slowBodies.map((client) => client.closedAfterMs ?? Number.POSITIVE_INFINITY);
  const answered408 = slow.filter((client) => client.answer.startsWith('HTTP/1.1 408')).length;
  latencies.sort((a, b) => a - b);
  console.log(
    `slow clients: ${SERVED} other requests served while ${heldWhileServed} of ${slow.length} slow connections were open ` +
      `(median ${latencies[SERVED >> 1]!.toFixed(1)} ms, slowest ${latencies.at(-1)!.toFixed(1)} ms); ` +
      `header tricklers cut off after ${Math.min(...cutHeaders).toFixed(0)}–${Math.max(...cutHeaders).toFixed(0)} ms (headers time-out ${TIMEOUTS.headersMs} ms), ` +
      `body tricklers after ${Math.min(...cutBodies).toFixed(0)}–${Math.max(...cutBodies).toFixed(0)} ms (request time-out ${TIMEOUTS.requestMs} ms); ${answered408} answered 408`,
  );

  expect(statuses.every((status) => status === 200)).toBe(true);
  expect(heldWhileServed, 'the slow clients were still connected while the others were served').toBeGreaterThan(SLOW_HEADERS / 2);
  for (const ms of cutHeaders) expect(ms).toBeLessThan(TIMEOUTS.headersMs * 3);
  for (const ms of cutBodies) expect(ms).toBeLessThan(TIMEOUTS.requestMs * 3);
  const answer = slow.find((client) => client.answer.startsWith('HTTP/1.1 408'))?.answer ?? '';
  expect(answer, 'a cut-off client that still reads gets a JSON:API 408').toMatch(
    /content-type: application\/vnd\.api\+json[\s\S]*"status":"408"/i,
  );
}, 60_000);

test('by default: headers within 10 s, the whole request within 60 s, idle connections closed after 10 s', async () => {
  const defaults = await createEmulator();
  await defaults.app.ready();
  expect(DEFAULT_SERVER_TIMEOUTS).toEqual({ headersMs: 10_000, requestMs: 60_000, keepAliveMs: 10_000 });
  expect(defaults.app.server.headersTimeout).toBe(10_000);
  expect(defaults.app.server.requestTimeout).toBe(60_000);
  expect(defaults.app.server.keepAliveTimeout).toBe(10_000);
  await defaults.close();
});
