/* eslint-disable @typescript-eslint/no-explicit-any -- JSON:API documents as the target sends them: read member by member, untyped by nature */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadSchemaRegistry } from '../../../contract/catalogue/schemaRegistry.ts';
import { startEmulator, type Emulator } from '../../../emulator/emulator.ts';

// The emulator's payment simulations (outside the documents): bad input gets a
// 4xx naming the member; answers match schemas/sandbox/payment-decision; in the
// live environment nothing under /sandbox/ exists.

const schemas = loadSchemaRegistry();
let sandbox: Emulator;
let live: Emulator;

async function mint(emulator: Emulator): Promise<string> {
  const response = await fetch(`${emulator.url()}/_emulator/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  return ((await response.json()) as { token: string }).token;
}

async function post(emulator: Emulator, path: string, body: unknown) {
  const response = await fetch(`${emulator.url()}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await mint(emulator)}`, 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const account = (id: string) => ({ account: { data: { type: 'account', id } } });

beforeAll(async () => {
  sandbox = await startEmulator();
  live = await startEmulator({ environment: 'live' });
});
afterAll(async () => {
  await sandbox.close();
  await live.close();
});

test('a simulated check payment answers a schema-valid decision', async () => {
  const body = {
    data: {
      type: 'checkPaymentSimulation',
      attributes: { amount: 1_500, checkNumber: '12' },
      relationships: account(sandbox.state.fixtures.accountId),
    },
  };
  expect(schemas.validate('sandbox/simulated-payment-request', body).violations).toEqual([]);
  const response = await post(sandbox, '/sandbox/check-payments', body);
  expect(response.status).toBe(201);
  expect(schemas.validate('sandbox/payment-decision', response.body).violations).toEqual([]);
  expect(response.body.data.attributes.status).toBe('Processed');
});

test.each([
  ['/sandbox/check-payments', { type: 'checkPaymentSimulation', attributes: { amount: 100 } }, '/data/attributes/checkNumber'],
  ['/sandbox/check-payments', { type: 'checkPaymentSimulation', attributes: { amount: 1.5, checkNumber: '1' } }, '/data/attributes/amount'],
  ['/sandbox/received-ach-debits', { type: 'receivedAchDebitSimulation', attributes: { amount: 100 } }, '/data/attributes/originatorName'],
  ['/sandbox/received-ach-credits', { type: 'receivedAchDebitSimulation', attributes: { amount: 100, originatorName: 'A' } }, '/data/type'],
  [
    '/sandbox/wire-drawdowns',
    { type: 'wireDrawdownSimulation', attributes: { amount: 100, counterparty: { name: 7 } } },
    '/data/attributes/counterparty/name',
  ],
])('POST %s with a bad member is refused naming %s', async (path, data, pointer) => {
  const response = await post(sandbox, path, { data: { ...data, relationships: account(sandbox.state.fixtures.accountId) } });
  expect(response.status).toBe(400);
  expect(response.body.errors[0].source.pointer).toBe(pointer);
});

test('a payment to an unknown account is refused with 404 naming the account', async () => {
  const response = await post(sandbox, '/sandbox/received-ach-credits', {
    data: { type: 'receivedAchCreditSimulation', attributes: { amount: 1, originatorName: 'A' }, relationships: account('999999') },
  });
  expect(response.status).toBe(404);
  expect(response.body.errors[0].source.pointer).toBe('/data/relationships/account/data/id');
});

test('in the live environment every /sandbox/ route answers 404', async () => {
  for (const path of ['/sandbox/check-payments', '/sandbox/wire-drawdowns', '/sandbox/applications/1/approve']) {
    const response = await post(live, path, { data: { type: 'checkPaymentSimulation', attributes: {} } });
    expect([path, response.status]).toEqual([path, 404]);
  }
});
