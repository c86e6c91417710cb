import type { PositivePayRule } from '../core/domain.ts';

// The list's order (section 4.2: sort by createdAt). Rules created in the same
// millisecond still need one order: their ids, which grow with creation.

export type RuleComparator = (a: PositivePayRule, b: PositivePayRule) => number;

export const compareIds: RuleComparator = (a, b) => Number(a.id) - Number(b.id) || a.id.localeCompare(b.id);

/** createdAt, then id, oldest first (or newest first when descending). */
export function creationOrder(descending: boolean): RuleComparator {
  const direction = descending ? -1 : 1;
  return (a, b) => direction * (a.createdAt - b.createdAt || compareIds(a, b));
}
