import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { ApiClient } from '../../../harness/targetIO/apiClient.ts';
import { CallGate } from '../../../harness/targetIO/callGate.ts';
import { CheckRecorder } from '../../../harness/records/checkRecorder.ts';
import { CLIENT_REQUIREMENTS } from '../../../contract/catalogue/operationCatalogue.ts';
import { requirementCatalogue } from '../../../contract/catalogue/requirementCatalogue.ts';
import { SecretRedactor } from '../../../harness/records/secretRedactor.ts';

// The session's call gate paces the calls under the rate a target's 429s teach
// (harness/targetIO/learnedPace.ts), on the path every call of a run takes: the
// API client, through the gate, to a real server limiting by rate. Eight callers
// on loopback offer far more than the limit however busy the machine is; the
// gate must keep the refused calls rare and still use the rate.

const PER_SECOND = 25;
const CALLS = 300;
let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A token bucket of PER_SECOND calls a second (as many in a burst): 429 with Retry-After: 1 beyond it. */
async function rateLimitedTarget(): Promise<{ url: string; refused: () => number }> {
  let tokens = PER_SECOND;
  let lastMs = performance.now();
  let refused = 0;
  server = createServer((request, response) => {
    const now = performance.now();
    tokens = Math.min(PER_SECOND, tokens + ((now - lastMs) * PER_SECOND) / 1000);
    lastMs = now;
    request.resume();
    const headers = { 'content-type': 'application/vnd.api+json' };
    if (tokens < 1) {
      refused += 1;
      response.writeHead(429, { ...headers, 'retry-after': '1' });
      return response.end('{"errors":[{"status":"429","title":"Too many requests"}]}');
    }
    tokens -= 1;
    response.writeHead(200, headers);
    response.end('{"data":[]}');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, refused: () => refused };
}

test('calls through the gate are paced under the rate the 429s taught: few are refused', async () => {
  const target = await rateLimitedTarget();
  const gate = new CallGate();
  const recorder = new CheckRecorder(
    requirementCatalogue(),
    'paced/learned-rate',
    new Set(Object.values(CLIENT_REQUIREMENTS)),
    new SecretRedactor(),
  );
  const client = new ApiClient(target.url, null, recorder, undefined, undefined, { gate });
  let left = CALLS;
  // Once the gate has learned a pace: the server's 429s so far, and the calls still to make.
  let paced: { refused: number; callsLeft: number } | undefined;
  const caller = async () => {
    while (left > 0) {
      left -= 1;
      const answer = await client.send('GET', '/events');
      expect(answer.status).toBe(200);
      if (!paced && gate.pacing) paced = { refused: target.refused(), callsLeft: left };
    }
  };
  await Promise.all(Array.from({ length: 8 }, caller));

  // Unpaced, these callers meet a 429 on about one call in eight (each then waits its second out).
  expect(paced, 'the 429s taught the gate no pace').toBeDefined();
  const refusedPaced = target.refused() - paced!.refused;
  expect(refusedPaced / (paced!.callsLeft + refusedPaced)).toBeLessThanOrEqual(0.02);
  const pacing = gate.pacing!;
  expect(pacing.byCount).toBe(false);
  // Learned from the calls the target accepted: near its rate, neither above it nor far under.
  expect(pacing.least).toBeLessThanOrEqual(PER_SECOND * 1.1);
  expect(pacing.perSecond).toBeGreaterThan(PER_SECOND * 0.5);
});
