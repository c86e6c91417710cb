import { invalidParameter } from '../core/jsonApi.ts';

// Query parameters shared by the webhook list (4.3) and the event list (4.4):
// page[limit] (default 100, at most 1000), page[offset] (default 0) and the
// RFC 3339 date-time filters filter[since] / filter[until].

export const DEFAULT_PAGE_LIMIT = 100;
export const MAX_PAGE_LIMIT = 1000;

export type Query = Record<string, unknown>;

export interface Page {
  limit: number;
  offset: number;
}

function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) throw invalidParameter(name, `${name} may be given once`);
  return String(value);
}

function integer(query: Query, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const raw = single(query, name);
  if (raw === undefined || raw === '') return undefined;
  if (!/^-?\d+$/.test(raw)) throw invalidParameter(name, `${name} must be an integer; got '${raw}'`);
  const value = Number(raw);
  if (value < min || value > max) throw invalidParameter(name, `${name} must be from ${min} to ${max}; got ${raw}`);
  return value;
}

/** page[limit] above `maxLimit` (the documented 1000 unless a seeded fault lifts it) is refused with a 400. */
export function readPage(query: Query, maxLimit: number = MAX_PAGE_LIMIT): Page {
  return {
    limit: integer(query, 'page[limit]', 1, maxLimit) ?? DEFAULT_PAGE_LIMIT,
    offset: integer(query, 'page[offset]', 0) ?? 0,
  };
}

// RFC 3339 date-time: full date, 'T', time with optional fraction, and Z or an offset.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Emulator-clock milliseconds of an RFC 3339 date-time parameter, or undefined when absent/empty. */
export function readDateTime(query: Query, name: string): number | undefined {
  const raw = single(query, name);
  if (raw === undefined || raw === '') return undefined;
  const ms = DATE_TIME.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(ms)) throw invalidParameter(name, `${name} must be an RFC 3339 date-time such as 2026-01-02T03:04:05Z; got '${raw}'`);
  return ms;
}

/** An integer filter (filter[fromId], filter[toId]). */
export function readIntegerFilter(query: Query, name: string): number | undefined {
  return integer(query, name, Number.MIN_SAFE_INTEGER);
}

/** A repeatable string filter: `filter[type][]=a&filter[type][]=b` (also accepts `filter[type]`). */
export function readRepeated(query: Query, ...names: string[]): string[] {
  const values: string[] = [];
  for (const name of names) {
    const value = query[name];
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      const text = String(item);
      if (text !== '') values.push(text);
    }
  }
  return values;
}
