import { expect, test } from 'vitest';
import { CONTROL_PREFIX, CONTROL_ROUTES } from '../../contract/facts/controlRoutes.ts';
import { emulatorPerFile } from '../support/emulatorPerFile.ts';
import { call } from './emulatorClient.ts';

// Option controlEndpoints: false serves only the documented API: every control
// route the emulator has (CONTROL_ROUTES, the one list of them) answers 404,
// with or without a token; with the option on, every one of them is served.

const off = emulatorPerFile({ controlEndpoints: false });
const on = emulatorPerFile();
const ROUTES = Object.values(CONTROL_ROUTES).map((route) => [route.method, `${CONTROL_PREFIX}${route.path}`] as const);

test.each(ROUTES)('%s %s answers 404 with controlEndpoints: false', async (method, path) => {
  for (const token of [undefined, off.token]) {
    const answer = await call(off.url, method, path, { token, body: method === 'GET' ? undefined : {}, contentType: 'application/json' });
    expect(answer.status).toBe(404);
    expect(answer.body.errors[0].status).toBe('404');
  }
});

test.each(ROUTES)('%s %s is served with control endpoints on', (method, path) => {
  expect(on.emulator.app.hasRoute({ method, url: path })).toBe(true);
});

test('a control route missing from the list is refused at start-up', async () => {
  const { createEmulator } = await import('../../emulator/emulator.ts');
  const emulator = await createEmulator();
  try {
    expect(() => emulator.app.get(`${CONTROL_PREFIX}/unlisted`, async () => ({}))).toThrow(/not listed in CONTROL_ROUTES/);
  } finally {
    await emulator.close();
  }
});

test('the documented API is still served', async () => {
  expect((await call(off.url, 'GET', '/webhooks', { token: off.token })).status).toBe(200);
});
