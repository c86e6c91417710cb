import { expect, test } from 'vitest';
import { JSON_LAYOUTS, type JsonLayout, writeJson } from '../../receiver/jsonLayouts.ts';

// Each layout writes the same JSON value in bytes JSON.stringify never produces:
// what tells raw-body verification from verification of re-serialised JSON.

const value = {
  data: [
    {
      id: '1732540000123001',
      type: 'customer.created',
      attributes: { createdAt: '2026-11-25T13:00:00.000Z', tags: { note: 'café / ✓ "q" \\', empty: {} }, list: [] },
      relationships: { customer: { data: { type: 'customer', id: '7' } } },
    },
  ],
  included: [{ type: 'customer', id: '7', attributes: { n: 1, ok: true, none: null } }],
};

test.each(Object.keys(JSON_LAYOUTS) as JsonLayout[])('%s: the same value, other bytes than JSON.stringify', (layout) => {
  const text = writeJson(value, layout);
  expect(JSON.parse(text)).toEqual(value);
  expect(text).not.toBe(JSON.stringify(value));
});

test('key order reverses members at every level; escaping leaves only letters and digits bare', () => {
  expect(writeJson({ a: 1, b: { c: 2, d: 3 } }, 'key-order')).toBe('{"b":{"d":3,"c":2},"a":1}');
  expect(writeJson({ t: 'a.b/c é' }, 'escaped-characters')).toBe('{"t":"a\\u002eb\\/c\\u0020\\u00e9"}');
});
