import { expect, test } from 'vitest';
import { emulatorPerFile } from '../support/emulatorPerFile.ts';
import { call } from './emulatorClient.ts';

// Array query parameters in the indexed form clients send
// (filter[type][0]=a&filter[type][1]=b) filter like filter[type][]=a&filter[type][]=b.

const target = emulatorPerFile();
const TYPES = ['account.created', 'card.created', 'payment.created'];

const typesListed = async (query: string) => {
  const answer = await call(target.url, 'GET', `/events?page[limit]=1000&${query}`, { token: target.token });
  expect(answer.status).toBe(200);
  return answer.body.data.map((event: { type: string }) => event.type) as string[];
};

test('filter[type][0] and filter[type][1] return only events of those two types', async () => {
  const injected = await call(target.url, 'POST', '/_emulator/events', {
    body: { types: TYPES, count: 2 },
    contentType: 'application/json',
  });
  expect(injected.status).toBe(201);
  const indexed = await typesListed('filter[type][0]=account.created&filter[type][1]=payment.created');
  expect(indexed.sort()).toEqual(['account.created', 'account.created', 'payment.created', 'payment.created']);
  const bracketed = await typesListed('filter[type][]=account.created&filter[type][]=payment.created');
  expect(bracketed.sort()).toEqual(indexed.sort());
});

test('indices out of order and a single indexed value filter as well', async () => {
  expect(new Set(await typesListed('filter[type][1]=card.created&filter[type][0]=account.created'))).toEqual(
    new Set(['account.created', 'card.created']),
  );
  expect(new Set(await typesListed('filter[type][0]=card.created'))).toEqual(new Set(['card.created']));
});
