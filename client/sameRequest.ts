import type { RecordedRequest } from './recordedRequest.ts';

// Whether a request is one sent before, sent again: the same method, path and query, and a body
// that means the same. JSON has no order among an object's members and no meaning in spacing,
// so a retry built again from the same values (its keys in another order, printed another way)
// is the same create; the order of an array's elements is kept, as it is the data's own.

/** A JSON value written with every object's members in one order and no spacing; undefined for bytes that are not JSON. */
function canonicalJson(body: Buffer): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  return JSON.stringify(value, (_key, member: unknown) =>
    member !== null && typeof member === 'object' && !Array.isArray(member)
      ? Object.fromEntries(Object.entries(member as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : member,
  );
}

const sortedQuery = (query: string): string =>
  [...new URLSearchParams(query)]
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join('&');

/** The same request by meaning: method, path, query parameters in any order, and a body of the same JSON value (or bytes). */
export function sameRequest(a: RecordedRequest, b: RecordedRequest): boolean {
  if (a.method !== b.method) return false;
  const [pathA = '', queryA = ''] = a.target.split('?', 2);
  const [pathB = '', queryB = ''] = b.target.split('?', 2);
  if (pathA !== pathB || sortedQuery(queryA) !== sortedQuery(queryB)) return false;
  if (a.body.equals(b.body)) return true;
  const jsonA = canonicalJson(a.body);
  return jsonA !== undefined && jsonA === canonicalJson(b.body);
}
