import { describe, expect, test } from 'vitest';
import { clientResults, runClient } from '../../client/clientRun.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { perturbationPlan } from '../../cli/clientValues.ts';
import { proxiedPlans } from './proxiedPlan.ts';

// The connection reset before the answer (issue 52, item 2): the call is never made and the client reads no
// answer, inside the emulator and through the proxy of client --target alike. What the client did next is
// observed (CL-CONNECTION-RESET, OBSERVE: the documents say nothing of a broken connection), never failed:
// a client that sends a GET again after a reset recovers; one that gives up is recorded as not recovering.

/** Lists the events; on a broken connection, lists them again `retries` times at most. */
const listsEvents = (retries: number): string => `
const list = () => fetch(process.env.BANKING_API_BASE_URL + '/events', { headers: { authorization: 'Bearer ' + process.env.BANKING_API_TOKEN } });
for (let attempt = 0; ; attempt += 1) {
  try { await (await list()).text(); break; } catch (error) { if (attempt >= ${retries}) break; }
}`;

async function resetOf(retries: number) {
  const command = [process.execPath, '--input-type=module', '-e', listsEvents(retries)];
  const { plan, aims } = perturbationPlan('reset:op=event.list');
  const run = await runClient({ command, plan, aims }, { say: () => {}, redactor: new SecretRedactor() });
  const document = clientResults(command, run, { suiteVersion: 'test' });
  return document.requirements.find((result) => result.id === 'CL-CONNECTION-RESET')!.checks[0]!;
}

const throughProxy = proxiedPlans();

describe('a connection reset before the answer', () => {
  test('a client that lists again after the reset recovers; one that does not is observed, never failed', async () => {
    const retried = await resetOf(1);
    expect(retried.outcome).toBe('OBSERVED');
    expect(retried.observed).toMatchObject({ inARow: 1, retries: 1, recovered: true });
    expect(retried.message).toMatch(
      /^GET \/events: connection reset before the answer: the client sent it again 1 times, .*; recovered: answered 200 \d+ ms after/,
    );
    const gaveUp = await resetOf(0);
    expect(gaveUp.outcome).toBe('OBSERVED');
    expect(gaveUp.observed).toMatchObject({ retries: 0, recovered: false });
    expect(gaveUp.message).toMatch(/the client made no later call; its command exited 0; never answered it$/);
  });

  test('through the proxy: the reset call is never sent on; twice in a row, then let through', async () => {
    const { received, proxy, judged } = await throughProxy('reset:times=2');
    const list = () => fetch(`${proxy.url()}/events`).then(async (answer) => (await answer.arrayBuffer(), answer.status));
    await expect(list()).rejects.toThrow();
    await expect(list()).rejects.toThrow();
    expect(await list()).toBe(201);
    expect(received).toEqual(['GET /events']);
    expect(judged('CL-CONNECTION-RESET')).toEqual([
      ['OBSERVED', expect.stringMatching(/\(2 times in a row\): the client sent it again 2 times/)],
    ]);
  });
});
