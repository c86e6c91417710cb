import { afterAll, expect, test } from 'vitest';
import { createEmulator, startEmulator } from '../../../emulator/emulator.ts';
import { DEFAULT_STORE_LIMITS } from '../../../emulator/core/storeLimits.ts';
import { readCommandLine } from '../../../emulator/startup/commandLine.ts';
import { achDebitSimulationBody, call, ruleBody } from '../emulatorClient.ts';

// What one emulator holds is bounded, so a runaway client gets a clear 409
// ("Limit reached", saying which bound and how to get room) instead of exhausting
// memory, and nothing past the bound is stored: 10,000 webhooks by default (filled
// for real here), 1,000,000 events by default (proved with a small configured bound:
// a million events take a gigabyte of heap).

const EVENT_LIMIT = 1_000;
const emulators = { webhooks: await startEmulator(), events: await startEmulator({ limits: { storedEvents: EVENT_LIMIT } }) };
afterAll(async () => {
  await emulators.webhooks.close();
  await emulators.events.close();
});

const inject = (url: string, count: number) =>
  call(url, 'POST', '/_emulator/events', { body: { type: 'account.created', count }, contentType: 'application/json' });

function expectLimitReached(
  answer: { status: number; body: { errors: Array<Record<string, unknown>> } },
  limit: number,
  flag: string,
  pointer?: string,
): void {
  expect(answer.status).toBe(409);
  expect(answer.body.errors[0]).toMatchObject({ status: '409', title: 'Limit reached' });
  expect(answer.body.errors[0]!.detail).toContain(`at most ${limit}`);
  expect(answer.body.errors[0]!.detail).toContain(flag);
  if (pointer) expect(answer.body.errors[0]!.source).toEqual({ pointer });
}

test('the default bounds', () => {
  expect(DEFAULT_STORE_LIMITS).toEqual({ webhooks: 10_000, storedEvents: 1_000_000 });
});

test('webhooks: 10,000 at most; the next create and the next control addition are refused, nothing added', async () => {
  const url = emulators.webhooks.url();
  const token = emulators.webhooks.state.tokens.mint();
  for (let added = 0; added < DEFAULT_STORE_LIMITS.webhooks; added += 5_000) {
    expect((await call(url, 'POST', '/_emulator/webhooks', { body: { count: 5_000 }, contentType: 'application/json' })).status).toBe(201);
  }
  const create = await call(url, 'POST', '/webhooks', {
    token,
    body: {
      data: {
        type: 'webhook',
        attributes: { label: 'one too many', url: 'http://127.0.0.1:9/x', token: '', contentType: 'Json', deliveryMode: 'AtMostOnce' },
      },
    },
  });
  const addition = await call(url, 'POST', '/_emulator/webhooks', { body: { count: 1 }, contentType: 'application/json' });
  const listed = await call(url, 'GET', '/webhooks?page[limit]=1000&page[offset]=9990', { token });
  console.log(
    `store limits: webhooks bound ${DEFAULT_STORE_LIMITS.webhooks}: create answered ${create.status} "${create.body.errors[0].detail}"`,
  );

  expectLimitReached(create, DEFAULT_STORE_LIMITS.webhooks, '--max-webhooks');
  expectLimitReached(addition, DEFAULT_STORE_LIMITS.webhooks, '--max-webhooks', '/count');
  expect(listed.body.data).toHaveLength(10);
});

test(`events: at the bound (${EVENT_LIMIT} here) injection and every operation that records an event are refused, with no effect`, async () => {
  const url = emulators.events.url();
  const token = emulators.events.state.tokens.mint();
  const accountId = emulators.events.state.fixtures.accountId;
  const rule = await call(url, 'POST', '/positive-pay', { token, body: ruleBody(accountId) });
  expect(rule.status).toBe(201);
  expect((await inject(url, EVENT_LIMIT)).status).toBe(201);

  const beyond = await inject(url, 1);
  const cancel = await call(url, 'POST', `/positive-pay/${rule.body.data.id}/cancel`, { token });
  const simulation = await call(url, 'POST', '/sandbox/received-ach-debits', {
    token,
    body: achDebitSimulationBody(accountId, 'X'),
  });
  const after = await call(url, 'GET', `/positive-pay/${rule.body.data.id}`, { token });
  const listed = await call(url, 'GET', '/events?page[limit]=1', { token });
  console.log(
    `store limits: events bound ${EVENT_LIMIT}: injection ${beyond.status}, rule cancel ${cancel.status}, payment simulation ${simulation.status}; events held ${listed.body.meta.pagination.total}`,
  );

  expectLimitReached(beyond, EVENT_LIMIT, '--max-events', '/count');
  expectLimitReached(cancel, EVENT_LIMIT, '--max-events');
  expectLimitReached(simulation, EVENT_LIMIT, '--max-events');
  expect(after.body.data.attributes.status).toBe('Active');
  expect(listed.status).toBe(200);
  expect(listed.body.meta.pagination.total).toBe(EVENT_LIMIT);
});

test('bounds are positive integers, set by --max-webhooks and --max-events; a lived-in store must fit its event bound', async () => {
  const line = readCommandLine(['--max-webhooks', '500', '--max-events', '20000'], {});
  expect(line.action === 'start' && line.options.limits).toEqual({ webhooks: 500, storedEvents: 20_000 });
  expect(() => readCommandLine(['--max-events', '0'], {})).toThrow(/--max-events/);
  await expect(createEmulator({ limits: { webhooks: 0 } })).rejects.toThrow(/limits\.webhooks must be a positive integer/);
  await expect(createEmulator({ limits: { storedEvents: 100 }, livedIn: { seed: 1, events: 200 } })).rejects.toThrow(
    /must not exceed limits\.storedEvents/,
  );
});
