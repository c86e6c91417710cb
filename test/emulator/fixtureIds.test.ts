import { expect, test } from 'vitest';
import { emulatorPerFile } from '../support/emulatorPerFile.ts';
import { call, ruleBody } from './emulatorClient.ts';

// Option fixtures: the start-up account and deposit product take the ids a
// manifest names; ids made later never repeat them.

const target = emulatorPerFile({ fixtures: { accountId: '10001', depositProductId: 'checking-standard' } });

test('the fixtures carry the fixed ids and the documented operations find them', async () => {
  const health = await call(target.url, 'GET', '/_emulator/health');
  expect(health.body.fixtures).toEqual({ accountId: '10001', depositProductId: 'checking-standard' });
  const rule = await call(target.url, 'POST', '/positive-pay', { token: target.token, body: ruleBody('10001') });
  expect(rule.status).toBe(201);
  expect(rule.body.data.relationships.account.data.id).toBe('10001');
  const product = await call(target.url, 'PATCH', '/deposit-products/checking-standard', {
    token: target.token,
    body: { data: { type: 'updateDepositProduct', attributes: { positivePayOptIn: ['CheckPayment'] } } },
  });
  expect(product.status).toBe(200);
});

test('an account made afterwards gets an id past the fixed one', async () => {
  const created = await call(target.url, 'POST', '/_emulator/accounts', { body: {}, contentType: 'application/json' });
  expect(created.status).toBe(201);
  expect(Number(created.body.id)).toBeGreaterThan(10001);
});

test('an id that would need escaping is refused before the emulator starts', async () => {
  const { createEmulator } = await import('../../emulator/emulator.ts');
  await expect(createEmulator({ fixtures: { accountId: 'a/b' } })).rejects.toThrow(/fixtures\.accountId/);
});
