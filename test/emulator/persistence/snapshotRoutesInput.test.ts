import { expect, test } from 'vitest';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';
import { call } from '../emulatorClient.ts';

// The snapshot control routes refuse a bad name with a 4xx whose error names the
// field (/name) and says what a name may be; an unknown snapshot is a 404 naming
// it. Never a 5xx, never a path outside the snapshots.

const target = emulatorPerFile();
const control = (method: 'POST', path: string, body?: unknown) =>
  call(target.url, method, `/_emulator${path}`, { body, contentType: 'application/json' });

test.each([
  ['POST', '/snapshots', {}, 400, /name is required/],
  ['POST', '/snapshots', { name: 42 }, 400, /name is required/],
  ['POST', '/snapshots', { name: '../outside' }, 400, /letters, digits/],
  ['POST', '/snapshots/restore', { name: '' }, 400, /name is required/],
  ['POST', '/snapshots/restore', { name: 'never-saved' }, 404, /no snapshot named 'never-saved'/],
] as const)('%s %s %j is refused with %i naming the field', async (method, path, body, status, detail) => {
  const answer = await control(method, path, body);
  expect(answer.status).toBe(status);
  expect(answer.body.errors[0].source.pointer).toBe('/name');
  expect(answer.body.errors[0].detail).toMatch(detail);
});
