import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { clientResults, runClient } from '../../client/clientRun.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { perturbationPlan } from '../../cli/clientValues.ts';
import { JSON_API, proxiedPlans } from './proxiedPlan.ts';

// A 429 without Retry-After (issue 52, item 2): RFC 6585 makes the header optional and the documents give no
// wait, so what the client did next is observed (CL-429-WITHOUT-RETRY-AFTER, OBSERVE), never failed: how long its
// own backoff waited before each retry, and whether it got through; inside the emulator and through the proxy alike.

const REQUIREMENT = 'CL-429-WITHOUT-RETRY-AFTER';
const throughProxy = proxiedPlans();

/** Lists the events, sending the list again after a 429 (its own 50 ms backoff), three times at most. */
const LISTS_WITH_BACKOFF = `
for (let attempt = 0; attempt < 3; attempt += 1) {
  const answer = await fetch(process.env.BANKING_API_BASE_URL + '/events', { headers: { authorization: 'Bearer ' + process.env.BANKING_API_TOKEN } });
  await answer.text();
  if (answer.status !== 429) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}`;

describe('a 429 without Retry-After', () => {
  test('inside the emulator: a client with its own backoff recovers, observed', async () => {
    const command = [process.execPath, '--input-type=module', '-e', LISTS_WITH_BACKOFF];
    const { plan, aims } = perturbationPlan('status-429-without-retry-after:op=event.list');
    const run = await runClient({ command, plan, aims }, { say: () => {}, redactor: new SecretRedactor() });
    const check = clientResults(command, run, { suiteVersion: 'test' }).requirements.find((result) => result.id === REQUIREMENT)!
      .checks[0]!;
    expect(check.outcome).toBe('OBSERVED');
    expect(check.observed).toMatchObject({ inARow: 1, retries: 1, recovered: true });
    expect(check.message).toMatch(
      /^GET \/events: answered 429 without Retry-After: the client sent it again after \d+ ms; recovered: answered 200/,
    );
  });

  test('through the proxy: twice in a row, nothing sent on, then let through', async () => {
    const { received, proxy, judged } = await throughProxy('status-429-without-retry-after:op=webhook.create,times=2');
    const statuses: number[] = [];
    for (let status = 0; status !== 201;) {
      const answer = await fetch(`${proxy.url()}/webhooks`, { method: 'POST', headers: { 'content-type': JSON_API }, body: '{"data":{}}' });
      await answer.arrayBuffer();
      expect(answer.headers.get('retry-after')).toBeNull();
      status = answer.status;
      statuses.push(status);
      if (status === 429) await sleep(20);
    }
    expect(statuses).toEqual([429, 429, 201]);
    expect(received).toEqual(['POST /webhooks']);
    expect(judged(REQUIREMENT)).toEqual([
      ['OBSERVED', expect.stringMatching(/\(2 times in a row\): the client sent it again after \d+ ms, \d+ ms; recovered: answered 201/)],
    ]);
  });
});
