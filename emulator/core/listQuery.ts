import { invalidParameter } from './jsonApi.ts';

// The one reader of list query parameters, for every list route: page[limit]
// (default 100, at most 1000; section 8) and page[offset] (default 0), plus the
// parameters each list declares. What a client sends and the list does not
// declare is refused with a 400 naming it: a filter silently ignored would hand
// back unfiltered data as if it were the answer.
//
// Arrays are read in both forms clients send: `filter[type][]=a&filter[type][]=b`
// and the indexed `filter[type][0]=a&filter[type][1]=b` (in index order).
// An empty value is the parameter's default (section 4.2: filters default to
// empty), except where a list gives the empty string its own meaning.

export const DEFAULT_PAGE_LIMIT = 100;
export const MAX_PAGE_LIMIT = 1000;

export type RawQuery = Record<string, unknown>;

export const dateTime = { kind: 'dateTime' } as const;
export const integer = { kind: 'integer' } as const;
export const text = { kind: 'text' } as const;
export const repeated = { kind: 'repeated' } as const;
export const oneOf = <const T extends string>(values: readonly T[]) => ({ kind: 'oneOf', values }) as const;

type Parameter =
  typeof dateTime | typeof integer | typeof text | typeof repeated | { readonly kind: 'oneOf'; readonly values: readonly string[] };

type ValueOf<P> = P extends { kind: 'dateTime' | 'integer' }
  ? number
  : P extends { kind: 'repeated' }
    ? string[]
    : P extends { kind: 'oneOf'; values: readonly (infer T)[] }
      ? T
      : string;

export interface ListQuerySpec<P extends Record<string, Parameter>> {
  parameters: P;
  /** Other spellings of a parameter, e.g. filter[type] for filter[type][]. */
  aliases?: Readonly<Record<string, keyof P & string>>;
}

export interface Page {
  limit: number;
  offset: number;
}

export interface ListQuery<P extends Record<string, Parameter>> {
  page: Page;
  /** Emulator-clock ms for date-times; absent when not given (or given empty). */
  filters: { [K in keyof P]?: ValueOf<P[K]> };
}

export const defineListQuery = <const P extends Record<string, Parameter>>(spec: ListQuerySpec<P>): ListQuerySpec<P> => spec;

const PAGE_PARAMETERS = ['page[limit]', 'page[offset]'] as const;
const INDEXED = /^(.*)\[(\d+)\]$/;

interface Given {
  /** The names as the client spelt them, for messages. */
  spellings: string[];
  values: string[];
}

/** name → values, with indexed array members folded into `name[]` in index order. */
function collect(raw: RawQuery, aliases: Readonly<Record<string, string>>): Map<string, Given> {
  const given = new Map<string, Given>();
  const indexed: Array<{ name: string; spelling: string; index: number; values: string[] }> = [];
  for (const [key, value] of Object.entries(raw)) {
    const values = (Array.isArray(value) ? value : [value]).map(String);
    const match = INDEXED.exec(key);
    if (match) indexed.push({ name: `${match[1]}[]`, spelling: key, index: Number(match[2]), values });
    else add(given, key, key, values);
  }
  indexed.sort((a, b) => a.index - b.index);
  for (const entry of indexed) add(given, entry.name, entry.spelling, entry.values);
  for (const [alias, canonical] of Object.entries(aliases)) {
    const aliased = given.get(alias);
    if (!aliased) continue;
    given.delete(alias);
    add(given, canonical, aliased.spellings.join(', '), aliased.values);
  }
  return given;
}

function add(given: Map<string, Given>, name: string, spelling: string, values: string[]): void {
  const entry = given.get(name) ?? { spellings: [], values: [] };
  if (!entry.spellings.includes(spelling)) entry.spellings.push(spelling);
  entry.values.push(...values);
  given.set(name, entry);
}

function single(name: string, entry: Given): string {
  if (entry.values.length !== 1) throw invalidParameter(name, `${name} may be given once; got ${entry.values.length} values`);
  return entry.values[0]!;
}

function parseInteger(name: string, raw: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(raw)) throw invalidParameter(name, `${name} must be an integer; got '${raw}'`);
  const value = Number(raw);
  if (value < min || value > max) throw invalidParameter(name, `${name} must be from ${min} to ${max}; got ${raw}`);
  return value;
}

// RFC 3339 date-time: full date, 'T', time with optional fraction, and Z or an offset.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function parseValue(name: string, parameter: Parameter, entry: Given): unknown {
  if (parameter.kind === 'repeated') {
    const values = entry.values.filter((value) => value !== '');
    return values.length > 0 ? values : undefined;
  }
  const raw = single(name, entry);
  if (parameter.kind === 'oneOf') {
    if (raw === '' && !parameter.values.includes('')) return undefined;
    if (!parameter.values.includes(raw)) {
      throw invalidParameter(
        name,
        `${name} must be one of ${parameter.values.map((value) => (value === '' ? '(empty)' : value)).join(', ')}; got '${raw}'`,
      );
    }
    return raw;
  }
  if (raw === '') return undefined;
  switch (parameter.kind) {
    case 'text':
      return raw;
    case 'integer':
      return parseInteger(name, raw, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    case 'dateTime': {
      const ms = DATE_TIME.test(raw) ? Date.parse(raw) : Number.NaN;
      if (Number.isNaN(ms))
        throw invalidParameter(name, `${name} must be an RFC 3339 date-time such as 2026-01-02T03:04:05Z; got '${raw}'`);
      return ms;
    }
  }
}

function readPage(given: Map<string, Given>, defaultLimit: number, maxLimit: number): Page {
  const limit = given.get('page[limit]');
  const offset = given.get('page[offset]');
  const limitRaw = limit ? single('page[limit]', limit) : '';
  const offsetRaw = offset ? single('page[offset]', offset) : '';
  return {
    limit: limitRaw === '' ? defaultLimit : parseInteger('page[limit]', limitRaw, 1, maxLimit),
    offset: offsetRaw === '' ? 0 : parseInteger('page[offset]', offsetRaw, 0, Number.MAX_SAFE_INTEGER),
  };
}

export function readListQuery<P extends Record<string, Parameter>>(
  raw: RawQuery,
  spec: ListQuerySpec<P>,
  /** maxLimit: the documented 1000 unless a seeded fault lifts it. */
  options: { defaultLimit?: number; maxLimit?: number } = {},
): ListQuery<P> {
  const given = collect(raw, spec.aliases ?? {});
  const accepted = [...PAGE_PARAMETERS, ...Object.keys(spec.parameters), ...Object.keys(spec.aliases ?? {})];
  for (const [name, entry] of given) {
    if (!(PAGE_PARAMETERS as readonly string[]).includes(name) && !Object.hasOwn(spec.parameters, name)) {
      const spelt = entry.spellings.join(', ');
      throw invalidParameter(spelt, `${spelt} is not a parameter of this list; it accepts ${accepted.join(', ')}`);
    }
  }
  const filters: Record<string, unknown> = {};
  for (const [name, parameter] of Object.entries(spec.parameters)) {
    const entry = given.get(name);
    if (!entry) continue;
    const value = parseValue(name, parameter, entry);
    if (value !== undefined) filters[name] = value;
  }
  return {
    page: readPage(given, options.defaultLimit ?? DEFAULT_PAGE_LIMIT, options.maxLimit ?? MAX_PAGE_LIMIT),
    filters: filters as ListQuery<P>['filters'],
  };
}
