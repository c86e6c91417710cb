import { RULE_STATUSES, RULE_TYPES, type PositivePayRule, type RuleStatus, type RuleType } from '../core/domain.ts';
import type { EmulatorState } from '../core/emulatorState.ts';
import { defineListQuery, oneOf, type RawQuery, readListQuery, text } from '../core/listQuery.ts';
import type { PositivePayBehaviour } from './positivePayBehaviour.ts';
import { effectiveStatus } from './ruleStatus.ts';

// GET /positive-pay query (section 4.2, limits of section 8): parsing and applying.

/** Section 4.2: `sort` empty or createdAt is ascending, -createdAt descending (the default). */
const RULE_LIST_QUERY = defineListQuery({
  parameters: {
    'filter[accountId]': text,
    'filter[status]': oneOf(RULE_STATUSES),
    'filter[type]': oneOf(RULE_TYPES),
    sort: oneOf(['createdAt', '-createdAt', '']),
  },
});

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

export function readRuleQuery(behaviour: PositivePayBehaviour, query: RawQuery): RuleQuery {
  const { page, filters } = readListQuery(query, RULE_LIST_QUERY, { defaultLimit: behaviour.defaultPageLimit });
  const parsed: RuleQuery = {
    ...page,
    descending: filters.sort === undefined ? behaviour.descendingByDefault : !behaviour.honoursSort || filters.sort === '-createdAt',
  };
  if (query['page[offset]'] === undefined) parsed.offset = behaviour.defaultOffset;
  if (filters['filter[accountId]'] !== undefined) parsed.accountId = filters['filter[accountId]'];
  const status = filters['filter[status]'];
  if (status && behaviour.filtersByStatus) parsed.status = status;
  const type = filters['filter[type]'];
  if (type && behaviour.filtersByType) parsed.type = type;
  return parsed;
}

export function queryRules(
  state: Pick<EmulatorState, 'clock' | 'positivePay'>,
  behaviour: PositivePayBehaviour,
  query: RuleQuery,
): RulePage {
  const now = state.clock.now();
  const matching = [...state.positivePay.rules()]
    .filter((rule) => query.accountId === undefined || rule.accountId === query.accountId)
    .filter((rule) => query.type === undefined || rule.type === query.type)
    .filter((rule) => query.status === undefined || effectiveStatus(rule, now) === query.status)
    .sort(behaviour.listOrder(query.descending));
  const start = behaviour.appliesOffset ? query.offset : 0;
  const size = behaviour.rulesPerPage(query.limit);
  return { rules: matching.slice(start, start + size), total: matching.length, limit: query.limit, offset: query.offset };
}
