import { expect, test } from 'vitest';
import { emulatorPerFile } from '../support/emulatorPerFile.ts';
import { call } from './emulatorClient.ts';

// Option controlEndpoints: false serves only the documented API: every
// /_emulator path answers 404, with or without a token.

const target = emulatorPerFile({ controlEndpoints: false });

test.each([
  ['GET', '/_emulator/health'],
  ['POST', '/_emulator/tokens'],
  ['POST', '/_emulator/events'],
  ['POST', '/_emulator/clock/advance'],
  ['GET', '/_emulator/delivery'],
] as const)('%s %s answers 404', async (method, path) => {
  for (const token of [undefined, target.token]) {
    const answer = await call(target.url, method, path, { token, body: method === 'POST' ? {} : undefined, contentType: 'application/json' });
    expect(answer.status).toBe(404);
    expect(answer.body.errors[0].status).toBe('404');
  }
});

test('the documented API is still served', async () => {
  expect((await call(target.url, 'GET', '/webhooks', { token: target.token })).status).toBe(200);
});
