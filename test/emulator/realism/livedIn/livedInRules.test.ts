import { expect, test } from 'vitest';
import { emulatorPerFile } from '../../../support/emulatorPerFile.ts';
import { call, ruleBody } from '../../emulatorClient.ts';

// Option livedIn: the fixture account and other accounts already hold other
// people's rules, of every type and status, created over the past weeks, and
// older (by createdAt and by id) than anything created afterwards.

const target = emulatorPerFile({ livedIn: { seed: 7, events: 0 } });

async function listAll(query: string, limit = 1000) {
  const answer = await call(target.url, 'GET', `/positive-pay?page[limit]=${limit}&${query}`, { token: target.token });
  expect(answer.status).toBe(200);
  return answer.body.data as Array<{
    id: string;
    type: string;
    attributes: { createdAt: string; status: string };
    relationships: { account: { data: { id: string } } };
  }>;
}

test('the fixture account holds rules of every type and status', async () => {
  const rules = await listAll(`filter[accountId]=${target.emulator.state.fixtures.accountId}`);
  expect(rules.length).toBeGreaterThanOrEqual(20);
  expect(new Set(rules.map((rule) => rule.type))).toEqual(
    new Set(['receivedAchDebitPositivePay', 'receivedAchCreditPositivePay', 'checkPaymentPositivePay', 'drawdownPositivePay']),
  );
  const all = await listAll('');
  expect(new Set(all.map((rule) => rule.attributes.status))).toEqual(new Set(['AwaitingDocuments', 'Active', 'Expired', 'Cancelled']));
  expect(new Set(all.map((rule) => rule.relationships.account.data.id)).size).toBeGreaterThan(1);
});

test('the rules were created over the past weeks, and a new rule is newer than all of them', async () => {
  const before = await listAll('');
  const times = before.map((rule) => Date.parse(rule.attributes.createdAt));
  const now = target.emulator.state.clock.now();
  expect(Math.min(...times)).toBeLessThan(now - 14 * 86_400_000);
  expect(Math.max(...times)).toBeLessThan(now);
  const created = await call(target.url, 'POST', '/positive-pay', {
    token: target.token,
    body: ruleBody(target.emulator.state.fixtures.accountId),
  });
  expect(created.status).toBe(201);
  const newest = (await listAll(`filter[accountId]=${target.emulator.state.fixtures.accountId}`, 1))[0]!;
  expect(newest.id).toBe(created.body.data.id);
  expect(Number(created.body.data.id)).toBeGreaterThan(Math.max(...before.map((rule) => Number(rule.id))));
  expect(Date.parse(created.body.data.attributes.createdAt)).toBeGreaterThan(Math.max(...times));
});
