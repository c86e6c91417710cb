import { expect, test } from 'vitest';
import { CONTROL_PREFIX, CONTROL_ROUTES } from '../../../contract/facts/controlRoutes.ts';
import { call } from '../../emulator/emulatorClient.ts';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';

// The harness calls the control routes of contract/facts/controlRoutes.ts; the reference
// emulator MUST serve each of them (a refusal of the empty body is fine, a 404 is not).

const target = emulatorPerFile();

test.each(Object.entries(CONTROL_ROUTES))('the emulator serves control route %s', async (_name, route) => {
  const answer = await call(target.url, route.method, `${CONTROL_PREFIX}${route.path}`, {
    body: route.method === 'GET' ? undefined : {},
    contentType: 'application/json',
  });
  expect(answer.status).not.toBe(404);
  expect(answer.status).toBeLessThan(500);
});
