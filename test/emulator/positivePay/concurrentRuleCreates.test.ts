import { expect, test } from 'vitest';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';
import { call, ruleBody } from '../emulatorClient.ts';

// 200 rule creates at once on a fresh account: 200 answers 201 with 200 distinct
// ids, and the account's list shows exactly those 200, no more, no fewer.

const CREATES = 200;
const target = emulatorPerFile();

test(`${CREATES} concurrent rule creates give ${CREATES} distinct ids and a list of exactly ${CREATES}`, async () => {
  const account = await call(target.url, 'POST', '/_emulator/accounts', { body: {}, contentType: 'application/json' });
  expect(account.status).toBe(201);
  const accountId: string = account.body.id;

  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: CREATES }, (_, n) =>
      call(target.url, 'POST', '/positive-pay', { token: target.token, body: ruleBody(accountId, `Concurrent originator ${n}`) }),
    ),
  );
  const ms = performance.now() - started;
  const ids = answers.map((answer) => answer.body?.data?.id as string);
  const listed = await call(target.url, 'GET', `/positive-pay?filter[accountId]=${accountId}&page[limit]=1000`, { token: target.token });
  const listedIds: string[] = listed.body.data.map((rule: { id: string }) => rule.id);
  console.log(
    `concurrent rule creates: ${CREATES} sent at once in ${ms.toFixed(0)} ms; ${answers.filter((a) => a.status === 201).length} answered 201; ` +
      `${new Set(ids).size} distinct ids; the list of account ${accountId} shows ${listedIds.length} (total ${listed.body.meta.pagination.total})`,
  );

  expect(answers.map((answer) => answer.status)).toEqual(Array(CREATES).fill(201));
  expect(new Set(ids).size).toBe(CREATES);
  expect(listed.status).toBe(200);
  expect(listed.body.meta.pagination.total).toBe(CREATES);
  expect(new Set(listedIds)).toEqual(new Set(ids));
  expect(listedIds).toHaveLength(CREATES);
  // Each listed rule is the one its create answered (originator names round-trip).
  const names = new Set(listed.body.data.map((rule: { attributes: { originatorName: string } }) => rule.attributes.originatorName));
  expect(names.size).toBe(CREATES);
}, 60_000);
