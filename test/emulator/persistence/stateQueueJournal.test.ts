import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { call, webhookBody } from '../emulatorClient.ts';
import { mintToken, persistentEmulators } from '../persistentEmulator.ts';

// --state DIR with a retry queue piling up for a receiver that is down: the
// waiting event ids are journaled as they join the queue, so a later write adds
// only its own ids to the journal (what was written stays as it was) and
// state.json stays small; after a restart every waiting event is delivered.

const emulators = persistentEmulators();
const PILED = 3000;
const LATER_WRITES = 20;
const json = { contentType: 'application/json' };

/** A receiver answering 503 until told to answer 200; it keeps each event id it was sent while answering 200. */
function startReceiver(): Promise<{ server: Server; url: string; up: () => void; received: Set<string> }> {
  let status = 503;
  const received = new Set<string>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (status === 200) for (const event of JSON.parse(body).data ?? []) received.add(String(event.id));
      response.writeHead(status).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, up: () => void (status = 200), received }),
    ),
  );
}

let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
afterEach(async () => {
  await new Promise((resolve) => receiver?.server.close(resolve));
});

const journalOf = (directory: string): string => {
  const [name] = readdirSync(directory).filter((file) => /^queues\.\d+\.log$/.test(file));
  return readFileSync(join(directory, name!), 'utf8');
};

async function firstAttemptFailed(url: string): Promise<void> {
  for (;;) {
    const { deliveries } = (await call(url, 'GET', '/_emulator/deliveries')).body;
    if (deliveries.some((attempt: { state: string }) => attempt.state === 'failed')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('a piled-up retry queue is journaled, not rewritten by every later write, and delivered after a restart', async () => {
  receiver = await startReceiver();
  const directory = emulators.directory();
  const first = await emulators.start(directory);
  const token = await mintToken(first.url);
  const webhook = webhookBody(receiver.url, { deliveryMode: 'AtLeastOnce' });
  expect((await call(first.url, 'POST', '/webhooks', { token, body: webhook })).status).toBeLessThan(300);
  expect((await call(first.url, 'POST', '/_emulator/events', { body: { type: 'customer.created', count: PILED }, ...json })).status).toBe(
    201,
  );
  await firstAttemptFailed(first.url);

  const before = journalOf(directory);
  for (let write = 0; write < LATER_WRITES; write += 1)
    expect((await call(first.url, 'POST', '/_emulator/events', { body: { type: 'customer.created' }, ...json })).status).toBe(201);
  const after = journalOf(directory);
  expect(after.startsWith(before)).toBe(true);
  expect(after.slice(before.length).trim().split('\n')).toHaveLength(LATER_WRITES);
  const state = readFileSync(join(directory, 'state.json'), 'utf8');
  expect(state.length).toBeLessThan(after.length / 2);
  const [queue] = JSON.parse(state).parts.delivery;
  expect(queue.pending).toBeUndefined();
  expect(queue.journaled.count).toBeGreaterThan(PILED - 100);

  await emulators.stop(first);
  receiver.up();
  const second = await emulators.start(directory);
  const events = PILED + LATER_WRITES;
  while (receiver.received.size < events) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(receiver.received.size).toBe(events);
  await emulators.stop(second);
});
