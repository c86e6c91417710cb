import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { EMULATOR_PROFILES } from '../../../emulator/profiles/emulatorProfiles.ts';
import { startVendorLikeEmulator, type VendorLikeEmulator } from '../../support/vendorLikeEmulator.ts';
import { TOKEN_VARIABLES } from '../../../emulator/startup/tokenVariables.ts';
import { validateManifest } from '../../../harness/targetIO/targetManifest.ts';
import { call } from '../emulatorClient.ts';

// startVendorLikeEmulator(): the vendor-like profile with one fresh token per
// token variable, described by targets/emulator-vendor-like.json, which must
// agree with it (token variables and their scopes, fixture ids, capabilities).

let target: VendorLikeEmulator;
beforeAll(async () => {
  target = await startVendorLikeEmulator();
});
afterAll(async () => {
  await target?.emulator.close();
});

test("the manifest is valid and names the profile's token variables, scopes and fixture ids", () => {
  const manifest = validateManifest(JSON.parse(readFileSync(target.manifestPath, 'utf8')), target.manifestPath);
  expect(manifest.capabilities).toEqual(['core', 'scopedTokens', 'applications', 'webhookDelivery']);
  expect(manifest.tokens).toEqual(TOKEN_VARIABLES.map(({ env, scopes }) => ({ env, scopes: [...scopes] })));
  expect(manifest.fixtures).toEqual(EMULATOR_PROFILES['vendor-like'].options.fixtures);
  expect(Object.keys(target.env).sort()).toEqual(TOKEN_VARIABLES.map((variable) => variable.env).sort());
});

test("each token of the env map carries its variable's scopes", async () => {
  const [full, readOnly, paymentsOnly, none] = TOKEN_VARIABLES.map((variable) => target.env[variable.env]!);
  const webhookBody = {
    data: {
      type: 'webhook',
      attributes: { label: 'x', url: 'http://127.0.0.1:9/x', token: '', contentType: 'Json', deliveryMode: 'AtMostOnce' },
    },
  };
  const statusOf = async (token: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
    // The profile refuses every 25th request with 429; ask again after it.
    for (;;) {
      const answer = await call(target.url, method, path, { token, body });
      if (answer.status !== 429) return answer.status;
    }
  };
  expect(await statusOf(full!, 'POST', '/webhooks', webhookBody)).toBe(201);
  expect(await statusOf(readOnly!, 'GET', '/events')).toBe(200);
  expect(await statusOf(readOnly!, 'POST', '/webhooks', webhookBody)).toBe(403);
  expect(await statusOf(paymentsOnly!, 'GET', '/positive-pay')).toBe(200);
  expect(await statusOf(paymentsOnly!, 'GET', '/webhooks')).toBe(403);
  expect(await statusOf(none!, 'GET', '/positive-pay')).toBe(403);
});

test('the profile serves only the documented API, lived-in, and rate-limits', async () => {
  const token = target.env.BANKING_EMULATOR_TOKEN!;
  expect((await call(target.url, 'GET', '/_emulator/health')).status).toBe(404);
  expect(target.emulator.livedIn?.events).toBeGreaterThanOrEqual(3000);
  const statuses: number[] = [];
  for (let n = 0; n < 25; n += 1) statuses.push((await call(target.url, 'GET', '/webhooks', { token })).status);
  expect(statuses).toContain(429);
});
