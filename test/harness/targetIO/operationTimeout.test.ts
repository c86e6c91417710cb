import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { afterEach, expect, test } from 'vitest';
import { ApiClient } from '../../../harness/targetIO/apiClient.ts';
import { CheckRecorder } from '../../../harness/records/checkRecorder.ts';
import { CLIENT_REQUIREMENTS } from '../../../contract/catalogue/operationCatalogue.ts';
import { requirementCatalogue } from '../../../contract/catalogue/requirementCatalogue.ts';
import { SecretRedactor } from '../../../harness/records/secretRedactor.ts';

// GN-TIMEOUT: every operation MUST complete within 5 s. A target that answers
// late FAILs it; a target that answers at once while this process is too busy
// to read the answer (its event loop held by a long synchronous job) does not.

const TIMEOUT = CLIENT_REQUIREMENTS.timeout;
// The target runs on a thread of its own, so that it answers on time while this one is held.
const TARGET = `const { parentPort, workerData } = require('node:worker_threads');
const server = require('node:http').createServer((request, response) => setTimeout(() => {
  response.writeHead(200, { 'content-type': 'application/vnd.api+json' });
  response.end('{"data":[]}');
}, workerData.delayMs));
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));`;
let target: Worker | undefined;

afterEach(async () => {
  await target?.terminate();
  target = undefined;
});

/** A server answering `{"data": []}` after `delayMs`. */
async function serverAnsweringAfter(delayMs: number): Promise<string> {
  target = new Worker(TARGET, { eval: true, workerData: { delayMs } });
  const [port] = await once(target, 'message');
  return `http://127.0.0.1:${port}`;
}

function clientOf(baseUrl: string): { client: ApiClient; recorder: CheckRecorder } {
  const recorder = new CheckRecorder(
    requirementCatalogue(),
    'conventions/timeout',
    new Set(Object.values(CLIENT_REQUIREMENTS)),
    new SecretRedactor(),
  );
  return { client: new ApiClient(baseUrl, null, recorder), recorder };
}

const outcomes = (recorder: CheckRecorder) =>
  recorder
    .records()
    .filter((record) => record.requirementId === TIMEOUT)
    .map((record) => record.outcome);

test('a target answering after 6.5 s fails GN-TIMEOUT', async () => {
  const { client, recorder } = clientOf(await serverAnsweringAfter(6_500));
  await client.send('GET', '/webhooks');
  expect(outcomes(recorder)).toEqual(['FAIL']);
  expect(recorder.records()[0]!.message).toMatch(/expected an answer within 5 s; took \d+ ms/);
}, 20_000);

test('a target answering at once passes GN-TIMEOUT (answering after 0.1 s) even when this process stands still for 6 s before it reads the answer', async () => {
  const { client, recorder } = clientOf(await serverAnsweringAfter(100));
  // Once the request is on its way, this thread's event loop is held: the answer arrives but cannot be read until it turns again.
  setTimeout(() => {
    const until = Date.now() + 6_000;
    while (Date.now() < until) {
      // busy, as a long synchronous check or an embedded emulator would keep it
    }
  }, 30);
  const response = await client.send('GET', '/webhooks');
  expect(response.durationMs).toBeGreaterThanOrEqual(5_000);
  expect(outcomes(recorder)).toEqual(['PASS']);
}, 20_000);
