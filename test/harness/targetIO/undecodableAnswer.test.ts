import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ApiClient } from '../../../harness/targetIO/apiClient.ts';
import { CheckRecorder } from '../../../harness/records/checkRecorder.ts';
import { CLIENT_REQUIREMENTS } from '../../../contract/catalogue/operationCatalogue.ts';
import { requirementCatalogue } from '../../../contract/catalogue/requirementCatalogue.ts';
import { SecretRedactor } from '../../../harness/records/secretRedactor.ts';

// A body whose coding and label disagree is a malformed answer: judged as one,
// never a crash. Labelled gzip but sent plain, it does not decode; gzip-coded but
// labelled as nothing, it is no JSON document, and the shape check says why.

const DOCUMENT = JSON.stringify({ data: [] });
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const labelledOnly = request.url?.includes('labelled-only') ?? false;
    response.writeHead(200, { 'content-type': 'application/vnd.api+json', ...(labelledOnly ? { 'content-encoding': 'gzip' } : {}) });
    response.end(labelledOnly ? DOCUMENT : gzipSync(DOCUMENT));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const recorderFor = (scenario: string) =>
  new CheckRecorder(
    requirementCatalogue(),
    scenario,
    new Set([...Object.values(CLIENT_REQUIREMENTS), 'PP-LIST-SHAPE']),
    new SecretRedactor(),
  );

test('a body labelled gzip that does not decode is answered as a malformed answer, not thrown', async () => {
  const client = new ApiClient(baseUrl, null, recorderFor('conventions/labelled-only'));
  const response = await client.send('GET', '/positive-pay', { query: { case: 'labelled-only' } });
  expect(response.status).toBe(200);
  expect(response.body).toBeUndefined();
  expect(response.exchange.error).toMatch(/^a malformed answer: the body is labelled Content-Encoding gzip but does not decode as gzip/);
  expect(response.exchange.response?.headers['content-encoding']).toBe('gzip');
});

test('gzip-coded bytes labelled as uncoded FAIL the shape of the operation, saying they are coded', async () => {
  const recorder = recorderFor('positive-pay/list');
  const client = new ApiClient(baseUrl, null, recorder);
  const response = await client.call('positivePay.list', { query: { case: 'unlabelled' } });
  expect(response.body).toBeUndefined();
  const shape = recorder.records().filter((record) => record.requirementId === 'PP-LIST-SHAPE');
  expect(shape.map((record) => record.outcome)).toEqual(['FAIL']);
  expect(shape[0]!.message).toMatch(/begin as gzip-coded bytes do, yet no Content-Encoding names a coding/);
});
