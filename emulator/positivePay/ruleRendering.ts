import type { PositivePayRule } from '../core/domain.ts';
import type { EmulatorState } from '../core/emulatorState.ts';
import type { PositivePayBehaviour } from './positivePayBehaviour.ts';
import { effectiveStatus } from './ruleStatus.ts';

// JSON:API rendering of positive pay resources (sections 2.1, 2.4, 2.5, 4.2).

/** Attributes of the rule's type that were submitted (section 4.2: "the submitted attributes"). */
const TYPE_ATTRIBUTES = ['originatorName', 'originatorEntityId', 'checkNumber', 'amount', 'payeeName'] as const;

export function renderRule(
  state: Pick<EmulatorState, 'clock'>,
  behaviour: PositivePayBehaviour,
  rule: PositivePayRule,
): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  if (behaviour.rendersCreatedAt) attributes.createdAt = behaviour.timestampText(rule.createdAt);
  attributes.status = effectiveStatus(rule, state.clock.now());
  for (const name of TYPE_ATTRIBUTES) if (rule[name] !== undefined) attributes[name] = rule[name];
  if (rule.expirationDate !== undefined) attributes.expirationDate = rule.expirationDate;
  if (rule.tags !== undefined && behaviour.echoesTags) attributes.tags = rule.tags;
  // Section 2.4: requests name the account `account`, responses `depositAccount`.
  return {
    type: rule.type,
    id: rule.id,
    attributes,
    relationships: { account: { data: { type: behaviour.accountRelationshipType, id: rule.accountId } } },
  };
}
