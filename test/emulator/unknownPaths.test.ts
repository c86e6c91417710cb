import { expect, test } from 'vitest';
import { emulatorPerFile } from '../support/emulatorPerFile.ts';
import { call } from './emulatorClient.ts';

// A path that is no operation answers 404, with or without a token: never a
// 401 that sends a client looking for a credential problem.

const target = emulatorPerFile();

test.each([
  ['GET', '/'],
  ['GET', '/_emulator/unknown'],
  ['POST', '/_emulator'],
  ['GET', '/positive-pay/1/unknown'],
  ['PUT', '/webhooks'],
] as const)('%s %s answers 404 with and without a token', async (method, path) => {
  for (const token of [undefined, target.token, 'not-a-token']) {
    const answer = await call(target.url, method, path, { token });
    expect(answer.status).toBe(404);
    expect(answer.body.errors[0]).toMatchObject({ status: '404', title: 'Not found' });
  }
});

test('a documented operation still answers 401 without a token', async () => {
  expect((await call(target.url, 'GET', '/webhooks')).status).toBe(401);
});
