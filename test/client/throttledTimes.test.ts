import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, test } from 'vitest';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { UpstreamProxy } from '../../client/upstreamProxy.ts';
import { ProxiedPlanBender } from '../../client/proxiedPerturbations.ts';
import { CLIENT_ITEMS, judgeItem, readCalls } from '../../client/requestJudge.ts';
import { perturbationPlan } from '../../cli/clientValues.ts';

// "Fail N times, then succeed" (issue 52, item 2, begun): --plan retry-after-429:op=…,call=…,times=N answers
// the aimed write 429 N times in a row and lets it through after, and CL-RETRY-AFTER-429 judges each of those
// answers: a client honouring Retry-After each time recovers and passes; one that sends it again at once is warned of.
// The operation and the call it is aimed at are the ones bent: an earlier write of another goes through.

const JSON_API = 'application/vnd.api+json';
const started: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const one of started.splice(0)) await one.close();
});

async function throughPlan(text: string) {
  const received: string[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    incoming.resume();
    incoming.on('end', () => {
      received.push(`${incoming.method} ${incoming.url}`);
      outgoing.writeHead(201, { 'content-type': JSON_API }).end('{"data":{"type":"webhook","id":"1"}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  started.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  const { plan, aims } = perturbationPlan(text);
  const proxy = await UpstreamProxy.start({
    upstream: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    redactor: new SecretRedactor(),
    bender: new ProxiedPlanBender(plan, aims),
  });
  started.push(proxy);
  const judged = () => {
    const item = CLIENT_ITEMS.find((one) => one.requirements.includes('CL-RETRY-AFTER-429'))!;
    const calls = { ...readCalls(proxy.requests(), proxy.url(), new SecretRedactor()), plan };
    return judgeItem(item, calls, new SecretRedactor()).map((record) => [record.outcome, record.message]);
  };
  return { received, proxy, judged };
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
