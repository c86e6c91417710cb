import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ApiClient } from '../../../harness/targetIO/apiClient.ts';
import { CheckRecorder } from '../../../harness/records/checkRecorder.ts';
import { CLIENT_REQUIREMENTS } from '../../../contract/catalogue/operationCatalogue.ts';
import { requirementCatalogue } from '../../../contract/catalogue/requirementCatalogue.ts';
import { SecretRedactor } from '../../../harness/records/secretRedactor.ts';

// Answers coded as a compressing gateway codes them (RFC 9110 8.4) are decoded
// before they are judged: the request says which codings it accepts, the body
// judged is the decoded one, and the exchange keeps the Content-Encoding header.

const DOCUMENT = { data: [], meta: { note: 'coded answer' } };
const CODERS: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: gzipSync,
  deflate: deflateSync,
  br: brotliCompressSync,
  // Some servers send deflate without its zlib wrapper.
  'raw deflate': deflateRawSync,
  // Two codings, applied in the order listed.
  'gzip, br': (bytes) => brotliCompressSync(gzipSync(bytes)),
};

let server: Server;
let baseUrl: string;
const acceptEncodings: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    acceptEncodings.push(String(request.headers['accept-encoding']));
    const coding = decodeURIComponent(new URL(request.url ?? '/', 'http://x').searchParams.get('coding') ?? '');
    const coded = CODERS[coding]!(Buffer.from(JSON.stringify(DOCUMENT)));
    response.writeHead(200, {
      'content-type': 'application/vnd.api+json',
      'content-encoding': coding === 'raw deflate' ? 'deflate' : coding,
    });
    response.end(coded);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test.each(Object.keys(CODERS))('an answer coded %s is decoded before it is judged, and its exchange keeps the coding', async (coding) => {
  const recorder = new CheckRecorder(
    requirementCatalogue(),
    'conventions/coding',
    new Set(Object.values(CLIENT_REQUIREMENTS)),
    new SecretRedactor(),
  );
  const client = new ApiClient(baseUrl, null, recorder);
  const response = await client.send('GET', '/positive-pay', { query: { coding } });
  expect(acceptEncodings.at(-1)).toBe('gzip, deflate, br');
  expect(response.body).toEqual(DOCUMENT);
  expect(JSON.parse(response.rawBody.toString('utf8'))).toEqual(DOCUMENT);
  expect(response.exchange.request.headers['accept-encoding']).toBe('gzip, deflate, br');
  expect(response.exchange.response?.headers['content-encoding']).toBe(coding === 'raw deflate' ? 'deflate' : coding);
  expect(JSON.parse(response.exchange.response?.body ?? '')).toEqual(DOCUMENT);
  expect(response.exchange.error).toBeUndefined();
  expect(recorder.records().filter((record) => record.outcome !== 'PASS')).toEqual([]);
});
