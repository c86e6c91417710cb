import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { JSON_API, proxiedPlans } from './proxiedPlan.ts';

// "Fail N times, then succeed" (issue 52, item 2, begun): --plan retry-after-429:op=…,call=…,times=N answers
// the aimed write 429 N times in a row and lets it through after, and CL-RETRY-AFTER-429 judges each of those
// answers: a client honouring Retry-After each time recovers and passes; one that sends it again at once is warned of.
// The operation and the call it is aimed at are the ones bent: an earlier write of another goes through.

const throughProxy = proxiedPlans();

async function throughPlan(text: string) {
  const planned = await throughProxy(text);
  return { ...planned, judged: () => planned.judged('CL-RETRY-AFTER-429') };
}

/** Sends the webhook create until it is made, waiting Retry-After (or not) after each 429; the statuses it got. */
async function createWebhook(url: string, honoursRetryAfter: boolean): Promise<number[]> {
  const statuses: number[] = [];
  for (;;) {
    const answer = await fetch(`${url}/webhooks`, { method: 'POST', headers: { 'content-type': JSON_API }, body: '{"data":{}}' });
    await answer.arrayBuffer();
    statuses.push(answer.status);
    if (answer.status !== 429) return statuses;
    if (honoursRetryAfter) await sleep(Number(answer.headers.get('retry-after')) * 1000);
  }
}

describe('retry-after-429 aimed and counted', () => {
  test('answered 429 twice in a row, then let through: a client honouring Retry-After recovers and passes', async () => {
    const { received, proxy, judged } = await throughPlan('retry-after-429:op=webhook.create,times=2');
    // A write of another operation is not the aimed one: it goes through.
    expect((await fetch(`${proxy.url()}/positive-pay-policy`, { method: 'POST', body: '{}' })).status).toBe(201);
    expect(await createWebhook(proxy.url(), true)).toEqual([429, 429, 201]);
    expect(received).toEqual(['POST /positive-pay-policy', 'POST /webhooks']);
    expect(judged()).toEqual([
      ['PASS', expect.stringMatching(/\(2 times in a row\): .*; got retries after \d+ ms, \d+ ms \(2 retries in all\)$/)],
    ]);
  });

  test('a client that sends it again at once is warned of (a SHOULD), and the second call is the one aimed at with call=2', async () => {
    const { received, proxy, judged } = await throughPlan('retry-after-429:op=webhook.create,call=2,times=2');
    expect(await createWebhook(proxy.url(), false)).toEqual([201]);
    expect(await createWebhook(proxy.url(), false)).toEqual([429, 429, 201]);
    expect(received).toEqual(['POST /webhooks', 'POST /webhooks']);
    expect(judged()).toEqual([['WARN', expect.stringMatching(/expected no retry sooner than 2 s; got retries after \d+ ms, \d+ ms/)]]);
  });
});
