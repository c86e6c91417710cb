import { expect, test } from 'vitest';
import { schemaRegistry } from '../../../../contract/catalogue/schemaRegistry.ts';
import { emulatorPerFile } from '../../../support/emulatorPerFile.ts';
import { call } from '../../emulatorClient.ts';

// Option livedIn: thousands of events of many catalogue types over the last 90
// days, each valid against its Event Catalog schema, all older than any event
// published afterwards, and never delivered.

const target = emulatorPerFile({ livedIn: { seed: 11, events: 2500 } });
const DAY_MS = 86_400_000;

async function allEvents() {
  const events: Array<{ id: string; type: string; attributes: { createdAt: string } }> = [];
  for (let offset = 0; ; offset += 1000) {
    const answer = await call(target.url, 'GET', `/events?page[limit]=1000&page[offset]=${offset}`, { token: target.token });
    expect(answer.status).toBe(200);
    events.push(...answer.body.data);
    if (answer.body.data.length < 1000) return events;
  }
}

test('the history holds the events asked for, of many types, over the last 90 days, each valid for its type', async () => {
  const events = await allEvents();
  expect(events).toHaveLength(2500);
  expect(new Set(events.map((event) => event.type)).size).toBeGreaterThan(80);
  const now = target.emulator.state.clock.now();
  const times = events.map((event) => Date.parse(event.attributes.createdAt));
  expect(Math.min(...times)).toBeGreaterThan(now - 90 * DAY_MS);
  expect(Math.min(...times)).toBeLessThan(now - 60 * DAY_MS);
  const invalid = events.map((event) => ({ event, result: schemaRegistry().validateEvent(event) })).filter(({ result }) => !result.valid);
  expect(invalid.map(({ event, result }) => `${event.type}: ${JSON.stringify(result.violations[0])}`)).toEqual([]);
});

test('an event published now is newer, by id and createdAt, than the whole history', async () => {
  const newestBefore = (await call(target.url, 'GET', '/events?page[limit]=1', { token: target.token })).body.data[0];
  const injected = await call(target.url, 'POST', '/_emulator/events', {
    body: { type: 'account.created' },
    contentType: 'application/json',
  });
  const published = injected.body.events[0];
  expect(Number(published.id)).toBeGreaterThan(Number(newestBefore.id));
  expect(Date.parse(published.createdAt)).toBeGreaterThanOrEqual(Date.parse(newestBefore.attributes.createdAt));
  const newestAfter = (await call(target.url, 'GET', '/events?page[limit]=1', { token: target.token })).body.data[0];
  expect(newestAfter.id).toBe(published.id);
});
