import { expect, test } from 'vitest';
import { IdSequence } from '../../../emulator/core/idSequence.ts';
import { VirtualClock } from '../../../emulator/core/virtualClock.ts';
import { EventStore } from '../../../emulator/events/eventStore.ts';

// What a snapshot's restore and a saved state's load do to the event store: cut
// it back to its first events, and store saved records again. Either way the
// store answers as one that only ever held those events: by id, by type, with
// their included resources, and what is published next is stored after them.

const START_MS = Date.UTC(2026, 0, 1);
const QUERY = { types: [], offset: 0, limit: 100 };

function storeOf(count: number): { store: EventStore; ids: IdSequence } {
  const ids = new IdSequence();
  const store = new EventStore(new VirtualClock({ startMs: START_MS, scale: 0 }), ids);
  for (let n = 0; n < count; n += 1)
    store.publish({
      type: n % 2 === 0 ? 'customer.created' : 'account.created',
      attributes: { n },
      included: [{ type: 'thing', id: String(n) }],
    });
  return { store, ids };
}

const seen = (store: EventStore, types: string[] = []) =>
  store.list({ ...QUERY, types }).events.map((event) => ({ id: event.id, type: event.type, json: event.json, included: event.included }));

test('a store cut back to its first events answers as one that only held those', () => {
  const { store, ids } = storeOf(6);
  const reference = storeOf(3).store;
  store.truncate(3);
  ids.importState({ event: 3 });
  expect(seen(store)).toEqual(seen(reference));
  expect(seen(store, ['account.created'])).toEqual(seen(reference, ['account.created']));
  expect(store.get('4')).toBeUndefined();
  const next = store.publish({ type: 'account.created', included: [{ type: 'thing', id: 'next' }] });
  expect(next.id).toBe('4');
  expect(store.get('4')?.included).toEqual([{ type: 'thing', id: 'next' }]);
  expect(seen(store, ['account.created']).map((event) => event.id)).toEqual(['4', '2']);
});

test('records exported from one store and imported into another are the same events', () => {
  const { store } = storeOf(5);
  const copy = new EventStore(new VirtualClock({ startMs: START_MS, scale: 0 }), new IdSequence());
  copy.importRecords(store.exportRecords(0, store.size()));
  expect(seen(copy)).toEqual(seen(store));
  expect(seen(copy, ['customer.created'])).toEqual(seen(store, ['customer.created']));
});
