import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { clientResults, runClient } from '../../client/clientRun.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { perturbationPlan } from '../../cli/clientValues.ts';
import { listCommand } from '../../cli/listCommand.ts';
import { proxiedPlans } from './proxiedPlan.ts';

// An answer cut short (issue 52, item 2): the call is made, and its answer sent with its whole Content-Length but
// half its body, then the connection closed, inside the emulator and through the proxy of client --target alike.
// What the client did next is observed (CL-TRUNCATED-BODY, OBSERVE: the documents say nothing of a body cut short),
// never failed: a client that sends the GET again recovers; one that gives up, or crashes, is recorded as not recovering.

const SEEDED = fileURLToPath(new URL('./faultyClients/seededClient.mjs', import.meta.url));

async function truncationOf(variant: string, planText: string) {
  const command = [process.execPath, SEEDED, variant];
  const { plan, aims } = perturbationPlan(planText);
  const run = await runClient({ command, plan, aims }, { say: () => {}, redactor: new SecretRedactor() });
  const document = clientResults(command, run, { suiteVersion: 'test' });
  return document.requirements.find((result) => result.id === 'CL-TRUNCATED-BODY')!.checks[0]!;
}

/** One GET as a plain HTTP client reads it: the Content-Length announced, the bytes that came, and whether the message came whole. */
function bytesOf(url: string): Promise<{ status?: number; announced: number; got: number; whole: boolean }> {
  return new Promise((resolve, reject) => {
    get(url, (answer) => {
      let got = 0;
      answer.on('data', (chunk: Buffer) => (got += chunk.length));
      answer.on('error', () => undefined);
      answer.on('close', () =>
        resolve({ status: answer.statusCode, announced: Number(answer.headers['content-length']), got, whole: answer.complete }),
      );
    }).on('error', reject);
  });
}

const throughProxy = proxiedPlans();

describe('an answer whose body is cut short', () => {
  test('a client that sends the GET again after two bodies cut short recovers: observed, never failed', async () => {
    const check = await truncationOf('retry-get-after-truncation', 'truncated-body:op=event.list,times=2');
    expect(check.outcome).toBe('OBSERVED');
    expect(check.observed).toMatchObject({ inARow: 2, retries: 2, recovered: true });
    const { sentBytes, ofBytes } = check.observed as { sentBytes: number; ofBytes: number };
    expect(sentBytes).toBe(Math.floor(ofBytes / 2));
    expect(check.message).toMatch(
      /^GET \/events\S*: answered 200 with \d+ of its \d+ bytes, then the connection closed \(2 times in a row\): the client sent it again 2 times, first \d+ ms after sending it; recovered: a whole answer 200 \d+ ms after the first try$/,
    );
  });

  test('a client that gives up on the call and goes on is observed as not recovering, never failed', async () => {
    const check = await truncationOf('gives-up-on-truncation', 'truncated-body:op=webhook.create');
    expect(check.outcome).toBe('OBSERVED');
    expect(check.observed).toMatchObject({ inARow: 1, retries: 0, recovered: false });
    expect(check.message).toMatch(
      /^POST \/webhooks: answered 201 with \d+ of its \d+ bytes, then the connection closed: the client went on to GET \/events\S* without sending it again; never got a whole answer$/,
    );
  });

  test('a client that crashes on it is observed with its exit, never failed', async () => {
    const check = await truncationOf('none', 'truncated-body:op=event.list');
    expect(check.outcome).toBe('OBSERVED');
    expect(check.observed).toMatchObject({ retries: 0, recovered: false, next: null });
    expect(check.message).toMatch(/: the client made no later call; its command exited 1; never got a whole answer$/);
  });

  test('through the proxy: the call is sent on each time, the client gets fewer bytes than announced twice, then all', async () => {
    const { received, proxy, judged } = await throughProxy('truncated-body:op=event.list,times=2');
    const first = await bytesOf(`${proxy.url()}/events`);
    expect(first).toMatchObject({ status: 201, whole: false, got: Math.floor(first.announced / 2) });
    expect(await bytesOf(`${proxy.url()}/events`)).toMatchObject({ status: 201, whole: false });
    const third = await bytesOf(`${proxy.url()}/events`);
    expect(third).toMatchObject({ status: 201, whole: true, got: third.announced });
    expect(received).toEqual(['GET /events', 'GET /events', 'GET /events']);
    expect(judged('CL-TRUNCATED-BODY')).toEqual([
      [
        'OBSERVED',
        expect.stringMatching(/\(2 times in a row\): the client sent it again 2 times, .*; recovered: a whole answer 201 \d+ ms after/),
      ],
    ]);
  });

  test('--plan aims it by op, call and times; list perturbations shows it with its parameters', async () => {
    expect(perturbationPlan('truncated-body:op=event.list,call=2,times=2')).toEqual({
      plan: ['truncated-body'],
      aims: { 'truncated-body': { op: 'event.list', call: 2, times: 2 } },
    });
    const lines: string[] = [];
    await listCommand('perturbations', {}, (line) => lines.push(line));
    expect(lines.find((line) => line.startsWith('truncated-body '))).toMatch(
      /^truncated-body +CL-TRUNCATED-BODY +OBSERVE .*; aimed by op \(default .*\), call \(default 1\), times \(default 1\): --plan truncated-body:op=…,call=…,times=…$/,
    );
  });
});
