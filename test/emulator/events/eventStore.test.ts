import { describe, expect, test } from 'vitest';
import { IdSequence } from '../../../emulator/core/idSequence.ts';
import { VirtualClock } from '../../../emulator/core/virtualClock.ts';
import { EventStore } from '../../../emulator/events/eventStore.ts';

// The event store on its own: ordering, filters, the retention bound, and that a
// large store answers a filtered page without scanning every event.

function storeWith(count: number, types: readonly string[], stepMs = 10) {
  const clock = new VirtualClock({ startMs: Date.UTC(2026, 0, 1) });
  const store = new EventStore(clock, new IdSequence());
  for (let n = 0; n < count; n += 1) {
    store.publish({ type: types[n % types.length]! });
    clock.advance(stepMs);
  }
  clock.dispose();
  return store;
}

describe('EventStore', () => {
  test('ids are unique and createdAt never decreases', () => {
    const store = storeWith(500, ['a.b']);
    const inOrder = store.list({ types: [], offset: 0, limit: store.size() }).events.reverse();
    expect(new Set(inOrder.map((event) => event.id)).size).toBe(500);
    expect(inOrder.every((event, i, all) => i === 0 || event.createdAt >= all[i - 1]!.createdAt)).toBe(true);
  });

  test('lists newest first with offset and limit, and counts the total', () => {
    const store = storeWith(30, ['a.b']);
    const page = store.list({ types: [], offset: 5, limit: 10 });
    expect(page.total).toBe(30);
    expect(page.events.map((event) => Number(event.id))).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
  });

  test('since and until are exclusive bounds; notBefore is inclusive', () => {
    const store = storeWith(10, ['a.b']);
    const [e3, e7] = [store.get('3')!, store.get('7')!];
    const page = store.list({ types: [], since: e3.createdAt, until: e7.createdAt, offset: 0, limit: 100 });
    expect(page.events.map((event) => event.id)).toEqual(['6', '5', '4']);
    const window = store.list({ types: [], notBefore: e7.createdAt, offset: 0, limit: 100 });
    expect(window.events.map((event) => event.id)).toEqual(['10', '9', '8', '7']);
  });

  test('several types merge newest first and page consistently', () => {
    const store = storeWith(60, ['x.one', 'x.two', 'x.three']);
    const all = store.list({ types: ['x.one', 'x.three'], offset: 0, limit: 1000 }).events.map((event) => event.id);
    expect(all).toHaveLength(40);
    expect(all.every((id, i) => i === 0 || Number(id) < Number(all[i - 1]))).toBe(true);
    const pages: string[] = [];
    for (let offset = 0; offset < 40; offset += 7)
      pages.push(...store.list({ types: ['x.one', 'x.three'], offset, limit: 7 }).events.map((event) => event.id));
    expect(pages).toEqual(all);
  });

  test('a filtered page of a store of 300,000 events takes milliseconds', () => {
    const store = storeWith(300_000, ['busy.event', 'busy.other', 'rare.event', 'busy.third'], 1);
    const rare = store.list({ types: ['rare.event'], offset: 0, limit: 1 }).events[0]!;
    const started = performance.now();
    for (let n = 0; n < 200; n += 1) {
      store.list({ types: ['rare.event', 'busy.other'], since: rare.createdAt - 50_000, until: rare.createdAt, offset: 10, limit: 100 });
    }
    const perQuery = (performance.now() - started) / 200;
    expect(perQuery).toBeLessThan(5);
  });

  test('a generated event gets a stand-in per relationship when read; one a shaper gave stays, and the rest stand in', () => {
    const store = storeWith(0, []);
    const relationships = { account: { data: { type: 'account', id: '7' } }, extra: { data: { type: 'vendorCase', id: 'v1' } } };
    const standIns = store.publish({ type: 'a.b', relationships, relatedFromRelationships: true });
    const given = { type: 'vendorCase', id: 'v1', attributes: { note: 'given' } };
    const shaped = store.publish({ type: 'a.b', relationships, relatedFromRelationships: true, included: [given] });
    const keys = (included: unknown[]) =>
      included.map((resource) =>
        Object.values(resource as object)
          .slice(0, 2)
          .join(' '),
      );
    expect(keys(standIns.included)).toEqual(['account 7', 'vendorCase v1']);
    expect(keys(shaped.included)).toEqual(['account 7', 'vendorCase v1']);
    expect(shaped.included[1]).toEqual(given);
    expect(store.publish({ type: 'a.b', relationships }).included).toEqual([]);
  });
});
