import { afterEach, expect, test } from 'vitest';
import type { Emulator } from '../../emulator/emulator.ts';
import { bentEmulator, CLIENT_TOKEN } from './bentEmulator.ts';

// more-than-one-page counts the pages of a list the emulator answers: a first list whose
// page[limit] it refuses (abc) has no pages to count ("read 1 of NaN pages" before), so the
// perturbation waits for the next list, and the pages it reports are a number.

let emulator: Emulator | undefined;
afterEach(() => emulator?.close());

test('a refused page[limit] leaves the extra page for the next list of events, counted in whole pages', async () => {
  const bent = await bentEmulator(['more-than-one-page']);
  emulator = bent.emulator;
  const headers = { authorization: `Bearer ${CLIENT_TOKEN}` };
  for (const query of ['page[limit]=abc', 'page[limit]=2'])
    await (await fetch(`${emulator.url()}/events?${query}`, { headers })).arrayBuffer();
  const [refused, answered] = bent.recorder.requests();
  expect(refused?.status).toBe(400);
  expect(refused?.perturbed ?? []).toEqual([]);
  const pages = answered?.perturbed?.find((bend) => bend.name === 'more-than-one-page')?.facts;
  expect(pages).toMatchObject({ limit: 2 });
  expect(Number.isInteger(pages?.pages)).toBe(true);
  expect(pages?.pages).toBeGreaterThan(1);
});
