import { expect, test } from 'vitest';
import { emulatorPerFile } from '../support/emulatorPerFile.ts';
import { applicationFixture, call } from './emulatorClient.ts';

// A list never silently ignores what it was asked: a query parameter it does
// not know (an unknown filter[...] key, another parameter family, a
// single-valued filter sent as an array) is a 400 naming the parameter.

const target = emulatorPerFile();

test.each([
  ['/positive-pay', 'filter[accountID]=1'],
  ['/positive-pay', 'filter[status][0]=Active'],
  ['/positive-pay', 'page[size]=10'],
  ['/webhooks', 'filter[status]=Enabled'],
  ['/webhooks', 'include=url'],
  ['/events', 'filter[types][]=account.created'],
  ['/events', 'include=customer'],
])('GET %s?%s is a 400 naming the parameter', async (path, query) => {
  const answer = await call(target.url, 'GET', `${path}?${query}`, { token: target.token });
  const name = query.split('=')[0];
  expect(answer.status).toBe(400);
  expect(answer.body.errors[0].source.parameter).toBe(name);
  expect(answer.body.errors[0].detail).toContain(name);
  expect(answer.body.errors[0].detail).toMatch(/it accepts page\[limit\], page\[offset\]/);
});

test('the document list of an application knows only the page parameters', async () => {
  const created = await call(target.url, 'POST', '/applications', { token: target.token, body: applicationFixture() });
  const answer = await call(target.url, 'GET', `/applications/${created.body.data.id}/documents?filter[status]=Approved`, {
    token: target.token,
  });
  expect(answer.status).toBe(400);
  expect(answer.body.errors[0].source.parameter).toBe('filter[status]');
});

test('the documented parameters are still accepted on every list', async () => {
  for (const path of [
    '/positive-pay?filter[accountId]=1&filter[status]=Active&filter[type]=checkPaymentPositivePay&sort=createdAt&page[limit]=5&page[offset]=0',
    '/webhooks?filter[since]=2020-01-01T00:00:00Z&filter[until]=2100-01-01T00:00:00Z&filter[fromId]=1&filter[toId]=9&page[limit]=5',
    '/events?filter[type][]=account.created&filter[type]=card.created&filter[since]=2020-01-01T00:00:00Z&filter[until]=2100-01-01T00:00:00.000Z&page[offset]=3',
  ]) {
    expect((await call(target.url, 'GET', path, { token: target.token })).status, path).toBe(200);
  }
});
