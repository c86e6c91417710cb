import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { defaultConcurrency, NEAR_CALL_MS } from '../../../harness/targetIO/concurrency.ts';
import { measureRoundTrip } from '../../../harness/targetIO/roundTrip.ts';

// A far sandbox reached through a loopback port-forward or tunnel has a loopback
// address and a far target's round trip: the default concurrency follows the round
// trip. Here a loopback server that answers each request only after longer than a
// near call stands for it.

/** Ten times a near call: what this process's own stalls take out of a round trip never brings it down to near. */
const HELD_MS = NEAR_CALL_MS * 10;

test('a loopback address whose answers take long gets --concurrency auto by default', async () => {
  const server = createServer((_request, response) => {
    setTimeout(() => response.writeHead(401, { 'content-length': '0' }).end(), HELD_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const roundTripMs = await measureRoundTrip(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    expect(roundTripMs).toBeGreaterThan(NEAR_CALL_MS);
    expect(defaultConcurrency(roundTripMs)).toBe('auto');
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('a target that does not answer is measured as nothing, and keeps the near default', async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const roundTripMs = await measureRoundTrip(`http://127.0.0.1:${port}`);
  expect(roundTripMs).toBeUndefined();
  expect(defaultConcurrency(roundTripMs)).not.toBe('auto');
});
