import { afterAll, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../../../../emulator/emulator.ts';
import { call } from '../../emulatorClient.ts';

// Option livedIn: the same seed gives the same store, another seed another one,
// so a run against a lived-in emulator can be replayed.

const started: Emulator[] = [];
afterAll(async () => {
  await Promise.all(started.map((emulator) => emulator.close()));
});

async function snapshot(seed: number): Promise<string> {
  const emulator = await startEmulator({ livedIn: { seed, events: 300 } });
  started.push(emulator);
  const token = emulator.state.tokens.mint();
  const parts = await Promise.all(
    ['/positive-pay?page[limit]=1000', '/webhooks?page[limit]=1000', '/events?page[limit]=1000'].map(async (path) => {
      const answer = await call(emulator.url(), 'GET', path, { token });
      // Times are relative to the moment each emulator started; everything else must match.
      return JSON.stringify(answer.body.data, (_key, value) =>
        typeof value === 'string' && /^\d{4}-\d{2}/.test(value) ? 'a time' : value,
      );
    }),
  );
  return parts.join('\n');
}

test('two emulators with one seed start with the same rules, webhooks and events; another seed differs', async () => {
  const [first, second, other] = [await snapshot(5), await snapshot(5), await snapshot(6)];
  // Compared as booleans: the stores are too long to print usefully.
  expect(second === first, 'the same seed gives the same store').toBe(true);
  expect(other === first, 'another seed gives another store').toBe(false);
});
