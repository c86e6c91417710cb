import { request } from 'undici';
import { expect, test } from 'vitest';
import { openApiDocument } from '../../openapi/openApiDocument.ts';
import { emulatorPerFile } from '../support/emulatorPerFile.ts';

// GET /openapi.json on the emulator: the derived document, without a token, with
// the emulator itself as the server, so tools can be pointed at a running emulator.

const emulator = emulatorPerFile();

test('GET /openapi.json answers the document with this emulator as its server, no token needed', async () => {
  const answer = await request(`${emulator.url}/openapi.json`);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const served = (await answer.body.json()) as Record<string, unknown>;
  expect(served.servers).toEqual([{ url: emulator.url, description: 'this emulator' }]);
  expect({ ...served, servers: undefined }).toEqual({ ...openApiDocument(), servers: undefined });
});
