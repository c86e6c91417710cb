import type { ObservedDecision } from '../../harness/targetIO/simulation/paymentSimulation.ts';
import type { ModelDecision, ModelRule } from './decisionModel.ts';

// Holds what a target decided about one payment against the model's admissible
// decisions (decisionModel.ts). Returns what disagrees, in words, or
// undefined when the target's decision is one the documents allow.

/**
 * 2.4 tag inheritance: every tag of the rule is on the transaction. Tags the transaction carries
 * besides them (from the payment, the account, the target's own) are no failure: inheriting
 * the rule's tags does not say a transaction carries nothing else.
 */
export const carriesTags = (actual: unknown, inherited: Readonly<Record<string, string>>): boolean =>
  typeof actual === 'object' &&
  actual !== null &&
  !Array.isArray(actual) &&
  Object.entries(inherited).every(([key, value]) => (actual as Record<string, unknown>)[key] === value);

export function disagreement(
  admissible: readonly ModelDecision[],
  observed: ObservedDecision,
  rules: readonly ModelRule[],
): string | undefined {
  const statuses = [...new Set(admissible.map((decision) => decision.status))];
  const candidates = admissible.filter((decision) => decision.status === observed.status);
  if (candidates.length === 0) return `decided ${observed.status}; the documents require ${statuses.join(' or ')}`;
  const creates = observed.status === 'Processed';
  if (creates && !observed.transaction) return 'processed the payment but created no transaction';
  if (!creates && observed.transaction) return `decided ${observed.status} but created transaction ${observed.transaction.id}`;
  const gated = candidates.filter((decision) => decision.gated && decision.authorizingRuleIds.length > 0);
  if (gated.length === 0) return undefined;
  const authorizing = new Set(gated.flatMap((decision) => decision.authorizingRuleIds));
  if (observed.ruleId === undefined || !authorizing.has(observed.ruleId)) {
    return `named rule ${observed.ruleId ?? '(none)'}; only rule(s) ${[...authorizing].join(', ')} can authorize this payment`;
  }
  if (observed.transaction) {
    // 2.4 tag inheritance: the transaction carries the matched rule's tags.
    const expected = rules.find((rule) => rule.id === observed.ruleId)?.tags ?? {};
    if (!carriesTags(observed.transaction.tags, expected)) {
      return `transaction tags ${JSON.stringify(observed.transaction.tags)} lack tags of matched rule ${observed.ruleId}: ${JSON.stringify(expected)}`;
    }
  }
  return undefined;
}
