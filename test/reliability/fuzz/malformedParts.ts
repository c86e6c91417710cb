// The raw material of malformed requests, as data: garbage ids, query keys and
// values, Authorization headers, content types, broken JSON texts and wrong
// member values. The arbitraries (requestArbitraries.ts) combine them.

/** Path segments as they appear in the URL (already percent-encoded where needed). */
export const GARBAGE_IDS = [
  '-1', '0', '-0', '1.5', '0x1F', '1e309', '99999999999999999999999999999', '9007199254740993',
  '%00', '..%2F..%2Fetc%2Fpasswd', '..%2F', '%2e%2e', '..', '.', '%20', '%09', '%0D%0A',
  '%ED%A0%80', '%ED%BF%BF', '%ZZ', '%', '%C0%AE', '%FF', '%EF%BC%91', '%F0%9F%92%A3',
  'null', 'undefined', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '1%3Bdrop', '1%3F', '1%23',
  'a'.repeat(5000), '9'.repeat(5000),
] as const;

/** Query keys: declared ones, indexed and nested forms, prototype names, nonsense. */
export const QUERY_KEYS = [
  'page[limit]', 'page[offset]', 'filter[since]', 'filter[until]', 'filter[fromId]', 'filter[toId]',
  'filter[type][]', 'filter[type]', 'filter[type][0]', 'filter[type][1]', 'filter[type][99999999999999999999]',
  'filter[type][-1]', 'filter[type][][]', 'filter[accountId]', 'filter[status]', 'sort',
  'page', 'page[]', 'page[limit][]', 'page[limit][0]', 'page[limit][x]', 'filter', 'a[b][c][d][e][f]',
  '__proto__', '__proto__[polluted]', 'constructor[prototype][polluted]', 'hasOwnProperty', '', '[', ']', '%00', '%ZZ',
] as const;

export const QUERY_VALUES = [
  '1e309', '-1', '0', '1', '1000', '1001', '', 'NaN', 'Infinity', '-0', '0x10', '1.5', '9007199254740993',
  '2026-01-02T03:04:05Z', '2026-13-45T99:99:99Z', '99999-01-01T00:00:00Z', '0000-00-00T00:00:00Z', 'not-a-date',
  '%00', '%ZZ', '%ED%A0%80', 'true', '%5B%5D', 'createdAt', '-createdAt', 'Active', 'account.created', 'x'.repeat(10_000),
] as const;

export const ODD_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'PURGE', 'BREW'] as const;

/** Authorization values given the valid tokens; undefined sends no header. */
export const badAuthorizations = (full: string, readOnly: string): Array<string | undefined> => [
  undefined, '', 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer not-a-token', 'Bearer %00', `Token ${full}`,
  `bearer ${full}`, `Bearer ${full} extra`, `Bearer ${full}, Bearer other`, `Bearer \t${full}`, `Bearer ${readOnly}`,
  `Bearer ${'x'.repeat(8_000)}`, `Bearer ${'x'.repeat(20_000)}`,
];

export const CONTENT_TYPES = [
  undefined, '', 'application/vnd.api+json', 'application/json', 'application/vnd.api+json; ext="https://jsonapi.org/ext/atomic"',
  'application/vnd.api+json; profile="https://example.com/profile"', 'application/vnd.api+json; charset=utf-8',
  'application/json; charset=utf-16le', 'application/json; charset=latin1', 'application/json;;;', 'APPLICATION/JSON',
  'application/json, text/html', 'text/plain', 'text/html', 'application/xml', 'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz', '*/*', 'application/', ';', 'image/png', 'application/pdf',
] as const;

export const BROKEN_JSON = [
  '{', '}', '[', '{"data":', '{"data":{"type":"webhook"', '[1,2', 'nul', 'tru', '{"a":1}}', "{'a':1}", '{"a":1,}',
  '{"a":NaN}', '{"a":Infinity}', '{"a":01}', '{"a":"\\x41"}', '{"a":"\\ud800', '"unterminated', '{"a" 1}', '{a:1}',
  '\u0000', '\ufeff{}', '{"data":{}}garbage', '//comment\n{}', '1 2', '{"data":{"type":"webhook"},"data":{}}',
] as const;

export const PROTOTYPE_BODIES = [
  '{"__proto__":{"polluted":true}}',
  '{"data":{"__proto__":{"type":"webhook"},"type":"webhook"}}',
  '{"data":{"type":"webhook","attributes":{"__proto__":{"label":"x"}}}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"data":{"type":"webhook","attributes":{"constructor":{"prototype":{"polluted":true}}}}}',
  '{"scopes":{"__proto__":["payments"]}}',
] as const;

/** Values that are wrong for almost any member. */
export const WRONG_VALUES: readonly unknown[] = [
  null, true, false, 0, -1, -0, 1.5, 2 ** 31, -(2 ** 31), 1e15, 8.64e15 + 1, Number.MAX_SAFE_INTEGER + 2, 1e21, 1e308, -1e308, 5e-324,
  '', ' ', 'x', '\ud800', '\udfff', '1', '-1', 'NaN',
  [], {}, [null], { '': '' }, 'a'.repeat(5_000), '2026-02-30', '0000-00-00', '1e309', { data: null }, [[[[[]]]]],
];

/** A marker a JSON text is stringified with, then swapped for raw text (deep nesting, invalid UTF-8). */
export const RAW_MARKER = '@@raw-marker@@';
