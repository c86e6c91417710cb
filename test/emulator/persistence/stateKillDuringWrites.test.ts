import { expect, test } from 'vitest';
import { call, ruleBody } from '../emulatorClient.ts';
import type { EmulatorProcess } from '../emulatorProcess.ts';
import { mintToken, persistentEmulators } from '../persistentEmulator.ts';

// --state DIR under kill -9: writers keep the emulator busy (rules, injected
// events, minted tokens, other clients' webhooks) and it is killed while
// requests are in flight, three times over. Each restart reads a consistent
// store: every write that was answered is there, the lists read back whole,
// and new ids never repeat one already handed out.

const emulators = persistentEmulators();
const json = { contentType: 'application/json' };
const ROUNDS = 3;
const WRITERS = 4;
/** Answered writes per round before the kill: enough that the kill lands in the middle of more. */
const ANSWERED_BEFORE_KILL = 40;

interface Answered {
  rules: string[];
  events: string[];
  tokens: string[];
  webhooks: string[];
}

async function writeOnce(url: string, token: string, accountId: string, turn: number, answered: Answered): Promise<void> {
  switch (turn % 4) {
    case 0: {
      const rule = await call(url, 'POST', '/positive-pay', { token, body: ruleBody(accountId, `Burst ${turn}`) });
      if (rule.status === 201) answered.rules.push(rule.body.data.id);
      return;
    }
    case 1: {
      const injected = await call(url, 'POST', '/_emulator/events', { body: { type: 'customer.created', count: 20 }, ...json });
      if (injected.status === 201) answered.events.push(...injected.body.events.map((event: { id: string }) => event.id));
      return;
    }
    case 2: {
      const minted = await call(url, 'POST', '/_emulator/tokens', { body: {}, ...json });
      if (minted.status === 201) answered.tokens.push(minted.body.token);
      return;
    }
    default: {
      const added = await call(url, 'POST', '/_emulator/webhooks', { body: { count: 1 }, ...json });
      if (added.status === 201) answered.webhooks.push(added.body.ids[0]);
    }
  }
}

/** Writes until killed: a write cut off by the kill is the operation in flight, which may or may not be kept. */
async function burst(emulator: EmulatorProcess, token: string, accountId: string, answered: Answered): Promise<void> {
  const count = () => answered.rules.length + answered.events.length / 20 + answered.tokens.length + answered.webhooks.length;
  const start = count();
  let killed: Promise<void> | undefined;
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      for (let turn = writer; ; turn += WRITERS) {
        try {
          await writeOnce(emulator.url, token, accountId, turn, answered);
        } catch {
          return;
        }
        if (count() - start >= ANSWERED_BEFORE_KILL) killed ??= emulators.kill(emulator);
      }
    }),
  );
  await killed;
}

async function expectConsistent(url: string, token: string, answered: Answered): Promise<void> {
  for (const id of answered.rules) expect((await call(url, 'GET', `/positive-pay/${id}`, { token })).status, `rule ${id}`).toBe(200);
  for (const id of answered.events) expect((await call(url, 'GET', `/events/${id}`, { token })).status, `event ${id}`).toBe(200);
  for (const id of answered.webhooks) expect((await call(url, 'GET', `/webhooks/${id}`, { token })).status, `webhook ${id}`).toBe(200);
  for (const minted of answered.tokens) expect((await call(url, 'GET', '/webhooks', { token: minted })).status).toBe(200);
  const listed = await call(url, 'GET', '/events?page[limit]=1000', { token });
  expect(listed.status).toBe(200);
  const ids: string[] = listed.body.data.map((event: { id: string }) => event.id);
  expect(new Set(ids).size).toBe(ids.length);
  const injected = await call(url, 'POST', '/_emulator/events', { body: { type: 'customer.created' }, ...json });
  const highest = Math.max(...answered.events.map(Number));
  expect(Number(injected.body.events[0].id)).toBeGreaterThan(highest);
}

test('kill -9 during a burst of writes restarts with a consistent store holding every answered write', async () => {
  const directory = emulators.directory();
  let emulator = await emulators.start(directory);
  const token = await mintToken(emulator.url);
  const { accountId } = (await call(emulator.url, 'GET', '/_emulator/health')).body.fixtures;
  const answered: Answered = { rules: [], events: [], tokens: [], webhooks: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    await burst(emulator, token, accountId, answered);
    emulator = await emulators.start(directory);
    await expectConsistent(emulator.url, token, answered);
  }
}, 120_000);
