import { RULE_STATUSES, RULE_TYPES, type PositivePayRule, type RuleStatus, type RuleType } from '../core/domain.ts';
import type { EmulatorState } from '../core/emulatorState.ts';
import { invalidParameter } from '../core/jsonApi.ts';
import { faultOn } from './faultSwitch.ts';
import { effectiveStatus } from './ruleStatus.ts';

// GET /positive-pay query (section 4.2, limits of section 8): parsing and applying.

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

export interface RuleQuery {
  limit: number;
  offset: number;
  accountId?: string;
  status?: RuleStatus;
  type?: RuleType;
  descending: boolean;
}

export interface RulePage {
  rules: PositivePayRule[];
  total: number;
  limit: number;
  offset: number;
}

type Query = Record<string, unknown>;

function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParameter(name, `${name} may be given once`);
  return value;
}

function nonNegativeInteger(query: Query, name: string, fallback: number, max?: number): number {
  const raw = single(query, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw invalidParameter(name, `${name} must be a non-negative integer; got '${raw}'`);
  const value = Number(raw);
  if (max !== undefined && value > max) throw invalidParameter(name, `${name} must be at most ${max}; got ${raw}`);
  return value;
}

function oneOf<T extends string>(query: Query, name: string, allowed: readonly T[]): T | undefined {
  const raw = single(query, name);
  // Section 4.2: each filter defaults to empty, i.e. no filtering.
  if (raw === undefined || raw === '') return undefined;
  if (!(allowed as readonly string[]).includes(raw)) throw invalidParameter(name, `${name} must be one of ${allowed.join(', ')}; got '${raw}'`);
  return raw as T;
}

function descendingOrder(state: Pick<EmulatorState, 'faults'>, query: Query): boolean {
  const raw = single(query, 'sort');
  if (raw === undefined) return !faultOn(state, 'list-ascending-default-sort');
  if (raw === '' || raw === 'createdAt') return false;
  if (raw === '-createdAt') return true;
  throw invalidParameter('sort', `sort must be createdAt, -createdAt or empty; got '${raw}'`);
}

export function readRuleQuery(state: Pick<EmulatorState, 'faults'>, query: Query): RuleQuery {
  const defaultLimit = faultOn(state, 'list-default-page-size-50') ? 50 : DEFAULT_PAGE_SIZE;
  const accountId = single(query, 'filter[accountId]');
  const parsed: RuleQuery = {
    limit: nonNegativeInteger(query, 'page[limit]', defaultLimit, MAX_PAGE_SIZE),
    offset: nonNegativeInteger(query, 'page[offset]', 0),
    descending: descendingOrder(state, query),
  };
  if (accountId) parsed.accountId = accountId;
  const status = oneOf(query, 'filter[status]', RULE_STATUSES);
  if (status && !faultOn(state, 'list-ignores-status-filter')) parsed.status = status;
  const type = oneOf(query, 'filter[type]', RULE_TYPES);
  if (type && !faultOn(state, 'list-ignores-type-filter')) parsed.type = type;
  return parsed;
}

/** createdAt, then id, so that rules created in the same millisecond still have one order. */
function compareCreation(a: PositivePayRule, b: PositivePayRule): number {
  return a.createdAt - b.createdAt || Number(a.id) - Number(b.id) || a.id.localeCompare(b.id);
}

export function queryRules(state: Pick<EmulatorState, 'faults' | 'clock' | 'positivePayRules'>, query: RuleQuery): RulePage {
  const now = state.clock.now();
  const matching = [...state.positivePayRules.values()]
    .filter((rule) => query.accountId === undefined || rule.accountId === query.accountId)
    .filter((rule) => query.type === undefined || rule.type === query.type)
    .filter((rule) => query.status === undefined || effectiveStatus(rule, now) === query.status)
    .sort((a, b) => (query.descending ? -compareCreation(a, b) : compareCreation(a, b)));
  const start = faultOn(state, 'list-ignores-offset') ? 0 : query.offset;
  const size = faultOn(state, 'list-limit-over-max') && query.limit === MAX_PAGE_SIZE ? query.limit + 1 : query.limit;
  return { rules: matching.slice(start, start + size), total: matching.length, limit: query.limit, offset: query.offset };
}
