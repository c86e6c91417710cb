import { expect, test } from 'vitest';
import { emulatorPerFile } from '../support/emulatorPerFile.ts';
import { call, ruleBody } from './emulatorClient.ts';

// Option rateLimit: every Nth documented-API request is answered 429 with
// Retry-After and a JSON:API error document, and has no effect. Control
// endpoints are neither refused nor counted.

const target = emulatorPerFile({ rateLimit: { every: 3, retryAfterSeconds: 2 } });

test('every third documented-API request is a 429 with Retry-After that creates nothing', async () => {
  const accountId = target.emulator.state.fixtures.accountId;
  const statuses: number[] = [];
  for (let n = 1; n <= 6; n += 1) {
    const answer = await call(target.url, 'POST', '/positive-pay', { token: target.token, body: ruleBody(accountId, `originator ${n}`) });
    statuses.push(answer.status);
    if (answer.status === 429) {
      expect(answer.headers['retry-after']).toBe('2');
      expect(answer.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
      expect(answer.body.errors[0]).toMatchObject({ status: '429', title: 'Too many requests' });
    }
    // Control calls in between must not shift the count.
    expect((await call(target.url, 'GET', '/_emulator/health')).status).toBe(200);
  }
  expect(statuses).toEqual([201, 201, 429, 201, 201, 429]);
  const names = [...target.emulator.state.positivePay.rules()].map((rule) => rule.originatorName);
  expect(names).toEqual(['originator 1', 'originator 2', 'originator 4', 'originator 5']);
});

test('a request without a token can be the one refused: the limit comes before authentication', async () => {
  const statuses: number[] = [];
  for (let n = 1; n <= 3; n += 1) statuses.push((await call(target.url, 'GET', '/webhooks')).status);
  expect(statuses).toContain(429);
  expect(statuses.filter((status) => status === 401)).toHaveLength(2);
});
