import fc from 'fast-check';
import type { FuzzRoute, KnownIds } from './fuzzRoutes.ts';
import {
  BROKEN_JSON,
  badAuthorizations,
  CONTENT_TYPES,
  GARBAGE_IDS,
  ODD_METHODS,
  PROTOTYPE_BODIES,
  QUERY_KEYS,
  QUERY_VALUES,
  RAW_MARKER,
  WRONG_VALUES,
} from './malformedParts.ts';

// fast-check arbitraries for one malformed request at any fuzz route: the
// route's method or an odd one, good and garbage ids, garbage query parameters,
// good and bad Authorization, any content type, and a body that is missing,
// empty, broken, deeply nested, of the wrong type, huge, or full of prototype keys
// and lone surrogates. Mostly the valid token, so that requests reach handlers.

export interface MalformedRequest {
  route: string;
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface Credentials {
  full: string;
  readOnly: string;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Percent-encodes the UTF-8 bytes of any string (a lone surrogate becomes U+FFFD's bytes). */
const percentEncode = (value: string): string =>
  [...Buffer.from(value, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return byte < 0x80 && UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

const anyText = (maxLength: number) => fc.string({ unit: 'binary', maxLength });

const idArbitrary = (ids: KnownIds) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...Object.values(ids)) },
    { weight: 3, arbitrary: fc.constantFrom(...GARBAGE_IDS) },
    { weight: 1, arbitrary: anyText(30).map(percentEncode) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
  );

const queryArbitrary = () => {
  const key = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...QUERY_KEYS) }, { weight: 1, arbitrary: anyText(12).map(percentEncode) });
  const value = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...QUERY_VALUES) },
    { weight: 1, arbitrary: anyText(20).map(percentEncode) },
  );
  // A key with several values: repeated parameters.
  const pair = fc
    .tuple(key, fc.array(value, { minLength: 1, maxLength: 3 }))
    .map(([name, values]) => values.map((v) => `${name}=${v}`).join('&'));
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    { weight: 2, arbitrary: fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => `?${pairs.join('&')}`) },
  );
};

/** Every path to a member of a JSON value, the root excluded. */
function memberPaths(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, member]) => [[...prefix, key], ...memberPaths(member, [...prefix, key])]);
}

/** A deep copy of value with the member at path replaced (or removed when replacement is undefined). */
function replaceAt(value: unknown, path: readonly string[], replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  const last = path.at(-1)!;
  if (replacement === undefined) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

const deepText = (depth: number, kind: 'array' | 'object') =>
  kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** The accepted body with one member wrong, missing, deeply nested, huge, or full of lone surrogates. */
function mutatedArbitrary(accepted: unknown): fc.Arbitrary<string | Buffer> {
  const paths = memberPaths(accepted);
  if (paths.length === 0) return fc.constantFrom(...BROKEN_JSON);
  const path = fc.constantFrom(...paths);
  const withRaw = (raw: string) => (chosen: string[]) =>
    JSON.stringify(replaceAt(accepted, chosen, RAW_MARKER)).replace(`"${RAW_MARKER}"`, raw);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(path, fc.constantFrom(...WRONG_VALUES))
        .map(([chosen, wrong]) => JSON.stringify(replaceAt(accepted, chosen, wrong))),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(path, fc.jsonValue({ maxDepth: 3 })).map(([chosen, wrong]) => JSON.stringify(replaceAt(accepted, chosen, wrong))),
    },
    { weight: 2, arbitrary: path.map((chosen) => JSON.stringify(replaceAt(accepted, chosen, undefined))) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(path, fc.integer({ min: 50, max: 20_000 }), fc.constantFrom('array' as const, 'object' as const))
        .map(([chosen, depth, kind]) => withRaw(deepText(depth, kind))(chosen)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(path, fc.constantFrom(100_000, 900_000, 1_100_000))
        .map(([chosen, size]) => JSON.stringify(replaceAt(accepted, chosen, 'x'.repeat(size)))),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(path, fc.constantFrom('\\ud800', '\\udc00x', '\\ud800\\ud800', 'a\\u0000b'))
        .map(([chosen, raw]) => withRaw(`"${raw}"`)(chosen)),
    },
    // Invalid UTF-8 bytes (an encoded lone surrogate, an overlong '/', a stray continuation byte).
    {
      weight: 1,
      arbitrary: fc.tuple(path, fc.constantFrom('eda080', 'c0af', '80', 'ff')).map(([chosen, hex]) => {
        const [before, after] = JSON.stringify(replaceAt(accepted, chosen, RAW_MARKER)).split(`"${RAW_MARKER}"`) as [string, string];
        return Buffer.concat([Buffer.from(`${before}"`), Buffer.from(hex, 'hex'), Buffer.from(`"${after}`)]);
      }),
    },
  );
}

function bodyArbitrary(route: FuzzRoute, ids: KnownIds): fc.Arbitrary<string | Buffer | undefined> {
  const common = [
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('', '   \n') },
    { weight: 2, arbitrary: fc.constantFrom(...BROKEN_JSON) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_BODIES) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 100, max: 50_000 }), fc.constantFrom('array' as const, 'object' as const))
        .map(([d, k]) => deepText(d, k)),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) },
  ];
  const accepted = route.accepted?.(ids);
  if (accepted === undefined) return fc.oneof(...common);
  return fc.oneof(
    { weight: 12, arbitrary: mutatedArbitrary(accepted) },
    { weight: 2, arbitrary: fc.constant(JSON.stringify(accepted)) },
    ...common,
  );
}

const PDF = Buffer.from('%PDF-1.4\n%fuzz\n');

export function malformedRequestArbitrary(
  routes: readonly FuzzRoute[],
  ids: KnownIds,
  credentials: Credentials,
): fc.Arbitrary<MalformedRequest> {
  const authorization = fc.oneof(
    { weight: 6, arbitrary: fc.constant<string | undefined>(`Bearer ${credentials.full}`) },
    { weight: 2, arbitrary: fc.constantFrom(...badAuthorizations(credentials.full, credentials.readOnly)) },
  );
  return fc.constantFrom(...routes).chain((route) => {
    const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    const contentType =
      route.body === 'bytes'
        ? fc.constantFrom<string | undefined>('application/pdf', 'image/png', ...CONTENT_TYPES)
        : fc.oneof(
            { weight: 3, arbitrary: fc.constant<string | undefined>('application/vnd.api+json') },
            { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
          );
    const body =
      route.body === 'bytes'
        ? fc.oneof(fc.constant<string | Buffer | undefined>(PDF), bodyArbitrary(route, ids))
        : bodyArbitrary(route, ids);
    return fc
      .record({
        method: fc.oneof({ weight: 6, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...ODD_METHODS) }),
        ids: fc.tuple(...params.map(() => idArbitrary(ids))),
        query: queryArbitrary(),
        authorization,
        contentType,
        body,
      })
      .map(({ method, ids: chosen, query, authorization: auth, contentType: type, body: payload }) => {
        let path = route.path;
        params.forEach((name, index) => (path = path.replace(`{${name}}`, chosen[index]!)));
        const headers: Record<string, string> = {};
        if (auth !== undefined) headers.authorization = auth;
        if (type !== undefined) headers['content-type'] = type;
        // HEAD and TRACE carry no body (RFC 9110); every other method may.
        const sendsBody = payload !== undefined && method !== 'HEAD' && method !== 'TRACE';
        return { route: route.name, method, url: `${path}${query}`, headers, ...(sendsBody ? { body: payload } : {}) };
      });
  });
}
