import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../../../emulator/emulator.ts';

// The tolerated variation gzip-coded-answers codes an answer only where the request's
// Accept-Encoding admits gzip (listed by name or `*`, with a weight above 0), and labels
// it; the coded bytes decode to the very document an uncoded answer carries.

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ faults: ['gzip-coded-answers'] });
});
afterAll(() => emulator.close());

async function read(acceptEncoding: string | undefined): Promise<{ coding: string; document: unknown }> {
  const answer = await request(`${emulator.url()}/_emulator/clock`, {
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
  const bytes = Buffer.from(await answer.body.arrayBuffer());
  const coding = String(answer.headers['content-encoding'] ?? 'uncoded');
  const text = (coding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
  // The clock moves between reads; its shape is what is compared.
  return { coding, document: Object.keys(JSON.parse(text) as object).sort() };
}

test('answers are gzip-coded exactly where Accept-Encoding admits gzip, and decode to the uncoded document', async () => {
  const cases: Array<[string | undefined, string]> = [
    ['gzip, deflate, br', 'gzip'],
    ['gzip', 'gzip'],
    ['*', 'gzip'],
    ['br;q=1, gzip;q=0.5', 'gzip'],
    ['gzip;q=0, br', 'uncoded'],
    ['br, deflate', 'uncoded'],
    ['identity', 'uncoded'],
    [undefined, 'uncoded'],
  ];
  const uncoded = await read(undefined);
  for (const [acceptEncoding, expected] of cases) {
    const answer = await read(acceptEncoding);
    expect(answer.coding, `Accept-Encoding: ${acceptEncoding ?? '(none)'}`).toBe(expected);
    expect(answer.document).toEqual(uncoded.document);
  }
});
