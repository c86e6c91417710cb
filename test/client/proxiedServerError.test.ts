import { describe, expect, test } from 'vitest';
import { JSON_API, proxiedPlans } from './proxiedPlan.ts';

// The 503s of a create through the proxy of client --target (issue 52, item 2): before the create, the proxy
// answers and sends nothing on, so nothing is made upstream; after it, the create is sent on, made upstream, and
// its answer replaced by the 503. A client that sends it again at once is warned of by effect (RFC 9110 9.2.2).

const throughProxy = proxiedPlans();

async function throughPlan(text: string) {
  const planned = await throughProxy(text);
  const create = async () => {
    const answer = await fetch(`${planned.proxy.url()}/webhooks`, {
      method: 'POST',
      headers: { 'content-type': JSON_API },
      body: '{"data":{}}',
    });
    await answer.arrayBuffer();
    return answer.status;
  };
  return { ...planned, create };
}

describe('503 before and after a create, through the proxy', () => {
  test('after: made upstream, answered 503; sent again at once, a second resource upstream, warned of', async () => {
    const { received, judged, create } = await throughPlan('status-503-after-create');
    expect(await create()).toBe(503);
    expect(await create()).toBe(201);
    expect(received).toEqual(['POST /webhooks', 'POST /webhooks']);
    expect(judged('CL-5XX-AFTER-CREATE-NO-DUPLICATE').map(([outcome]) => outcome)).toEqual(['WARN']);
  });

  test('before: answered by the proxy, nothing sent on; the retry made it once', async () => {
    const { received, judged, create } = await throughPlan('status-503-before-create:op=webhook.create,times=2');
    expect([await create(), await create(), await create()]).toEqual([503, 503, 201]);
    expect(received).toEqual(['POST /webhooks']);
    expect(judged('CL-5XX-BEFORE-CREATE').map(([outcome]) => outcome)).toEqual(['OBSERVED']);
  });
});
