import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { clientResults, runClient } from '../../client/clientRun.ts';
import { countShiftedEffects } from '../../client/listShift.ts';
import { ProxiedPlanBender } from '../../client/proxiedPerturbations.ts';
import { CLIENT_ITEMS, judgeItem, readCalls } from '../../client/requestJudge.ts';
import { UpstreamProxy } from '../../client/upstreamProxy.ts';
import { perturbationPlan } from '../../cli/clientValues.ts';
import { type Emulator, startEmulator } from '../../emulator/emulator.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { bentEmulator, CLIENT_TOKEN } from './bentEmulator.ts';

// list-shift (issue 52, item 2): the list of events shifts by one under the client's offset between its first
// page and the next, so the first page's last event is the next page's first; inside the emulator a new event
// is made (it lists newest first), through the proxy of client --target the proxy repeats the event. Whether
// the client acted on it twice is observed (CL-LIST-SHIFT, OBSERVE), never failed: a client that resends
// each id once acts once, one that resends every event it reads acts twice.

const SEEDED = fileURLToPath(new URL('./faultyClients/seededClient.mjs', import.meta.url));
const TOKEN = 'list-shift-upstream-token';

const closing: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

const headers = { authorization: `Bearer ${CLIENT_TOKEN}` };
/** Page 1 and page 2 (two a page) of the events at `baseUrl`: their ids and totals. */
async function twoPages(baseUrl: string, authorization = headers) {
  const page = async (offset: number) => {
    const answer = await fetch(`${baseUrl}/events?page[limit]=2&page[offset]=${offset}`, { headers: authorization });
    const body = (await answer.json()) as { data: Array<{ id: string }>; meta: { pagination: { total: number } } };
    return { ids: body.data.map((event) => event.id), total: body.meta.pagination.total };
  };
  const first = await page(0);
  return { first, second: await page(2) };
}

/** The seeded client `variant` run with --plan list-shift, in the embedded emulator or through the proxy in front of `upstream`. */
async function observed(variant: string, upstream?: Emulator) {
  const command = [process.execPath, SEEDED, variant];
  const { plan, aims } = perturbationPlan('list-shift');
  const target = upstream && {
    target: {
      name: 'an emulator of its own',
      baseUrl: upstream.url(),
      token: { variable: 'LIST_SHIFT_TOKEN', value: TOKEN },
      fixtures: { accountId: upstream.state.fixtures.accountId, depositProductId: upstream.state.fixtures.depositProductId },
    },
  };
  const run = await runClient({ command, plan, aims, ...target }, { say: () => {}, redactor: new SecretRedactor() });
  const document = clientResults(command, run, { suiteVersion: 'test' });
  const result = document.requirements.find((one) => one.id === 'CL-LIST-SHIFT')!;
  expect(document.requirements.filter((one) => one.outcome === 'FAIL').map((one) => one.id)).toEqual([]);
  return result.checks[0]!;
}

/** An emulator of its own, with more events than a page of two holds, as the upstream of the proxy. */
async function upstreamEmulator(): Promise<Emulator> {
  const emulator = await startEmulator({ tokens: [{ value: TOKEN }] });
  closing.push(() => emulator.close());
  const payload = { type: 'positivePay.cancelled', count: 5 };
  expect((await emulator.app.inject({ method: 'POST', url: '/_emulator/events', payload })).statusCode).toBe(201);
  return emulator;
}

describe('list-shift', () => {
  test('inside the emulator: the first page answered, a new event shifts the list, and the next page starts with its last', async () => {
    const { emulator } = await bentEmulator(['list-shift']);
    closing.push(() => emulator.close());
    const { first, second } = await twoPages(emulator.url());
    expect(first.ids).toHaveLength(2);
    expect(second.ids[0]).toBe(first.ids[1]);
    expect(second.total).toBe(first.total + 1);
  });

  test('through the proxy: the next page of the same list gets the first page’s last event first, its total one more', async () => {
    const upstream = await upstreamEmulator();
    const proxy = await UpstreamProxy.start({
      upstream: upstream.url(),
      redactor: new SecretRedactor(),
      bender: new ProxiedPlanBender(['list-shift']),
    });
    closing.push(() => proxy.close());
    const { first, second } = await twoPages(proxy.url(), { authorization: `Bearer ${TOKEN}` });
    const unbent = await twoPages(upstream.url(), { authorization: `Bearer ${TOKEN}` });
    expect(first).toEqual(unbent.first);
    expect(second.ids).toEqual([first.ids[1], unbent.second.ids[0]]);
    expect(second.total).toBe(unbent.second.total + 1);
    const marked = proxy.requests().map((recorded) => recorded.perturbed?.map((bent) => bent.facts));
    expect(marked).toEqual([
      [{ eventId: first.ids[1], page: 1, limit: 2, offset: 0 }],
      [{ eventId: first.ids[1], page: 2, limit: 2, offset: 2, repeatedBy: 'the proxy' }],
    ]);
  });

  test.each([
    ['embedded', false],
    ['through the proxy', true],
  ])('%s: a client that resends each id once acts once; one resending every event it reads acts twice, observed', async (_, proxied) => {
    const once = await observed('resend-each-id-once', proxied ? await upstreamEmulator() : undefined);
    expect(once.outcome).toBe('OBSERVED');
    expect(once.observed).toMatchObject({ seenOnPages: [1, 2], readNextPage: true, actedOn: 1, actedTwice: false });
    expect(once.message).toMatch(
      /the client read the next page and was given it again; 1 calls named it \(POST \/events\/\w+\); it did not act on it twice$/,
    );
    const twice = await observed('resend-each-read', proxied ? await upstreamEmulator() : undefined);
    expect(twice.outcome).toBe('OBSERVED');
    expect(twice.observed).toMatchObject({ seenOnPages: [1, 2], readNextPage: true, actedOn: 2, actedTwice: true });
    expect(twice.message).toMatch(/; it acted on the event twice$/);
  });

  test('with an effects probe, its count for the event is read once the client is done: 2 is acting twice, whatever the calls', async () => {
    const bent = await bentEmulator(['list-shift']);
    closing.push(() => bent.emulator.close());
    const { first } = await twoPages(bent.emulator.url());
    const asked: string[] = [];
    const probe = createServer((incoming, outgoing) => {
      asked.push(new URL(incoming.url ?? '/', 'http://probe').searchParams.get('eventId') ?? '');
      outgoing.writeHead(200, { 'content-type': 'application/json' }).end('{"count":2}');
    });
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closing.push(() => new Promise((resolve) => probe.close(resolve)));
    const requests = bent.recorder.requests();
    await countShiftedEffects(requests, `http://127.0.0.1:${(probe.address() as AddressInfo).port}/effects`);
    expect(asked).toEqual([first.ids[1]]);
    const item = CLIENT_ITEMS.find((one) => one.requirements.includes('CL-LIST-SHIFT'))!;
    const calls = { ...readCalls(requests, bent.emulator.url(), new SecretRedactor()), plan: ['list-shift' as const] };
    const [check] = judgeItem(item, calls, new SecretRedactor());
    expect(check?.observed).toMatchObject({ eventId: first.ids[1], seenOnPages: [1, 2], actedOn: 0, effectsCount: 2, actedTwice: true });
    expect(check?.message).toMatch(/no call named it, its effects probe counted 2; it acted on the event twice$/);
  });
});
