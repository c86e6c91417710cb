import type { PositivePayRule } from '../core/domain.ts';
import type { EmulatorState } from '../core/emulatorState.ts';
import { isoTimestamp } from '../core/isoTimestamp.ts';
import { faultOn } from './faultSwitch.ts';
import { effectiveStatus } from './ruleStatus.ts';

// JSON:API rendering of positive pay resources (sections 2.1, 2.4, 2.5, 4.2).

type State = Pick<EmulatorState, 'clock' | 'faults'>;

/** Attributes of the rule's type that were submitted (section 4.2: "the submitted attributes"). */
const TYPE_ATTRIBUTES = ['originatorName', 'originatorEntityId', 'checkNumber', 'amount', 'payeeName'] as const;

const HOUR_MS = 3_600_000;

function timestamp(state: State, ms: number): string {
  if (faultOn(state, 'created-at-in-local-time')) return new Date(ms + HOUR_MS).toISOString().replace(/Z$/, '+01:00');
  const iso = isoTimestamp(ms);
  return faultOn(state, 'created-at-without-millis') ? iso.replace(/\.\d{3}Z$/, 'Z') : iso;
}

export function renderRule(state: State, rule: PositivePayRule): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  if (!faultOn(state, 'rule-without-created-at')) attributes.createdAt = timestamp(state, rule.createdAt);
  attributes.status = effectiveStatus(rule, state.clock.now());
  for (const name of TYPE_ATTRIBUTES) if (rule[name] !== undefined) attributes[name] = rule[name];
  if (rule.expirationDate !== undefined) attributes.expirationDate = rule.expirationDate;
  if (rule.tags !== undefined && !faultOn(state, 'tags-dropped')) attributes.tags = rule.tags;
  // Section 2.4: requests name the account `account`, responses `depositAccount`.
  const accountType = faultOn(state, 'account-relationship-typed-account') ? 'account' : 'depositAccount';
  return {
    type: rule.type,
    id: rule.id,
    attributes,
    relationships: { account: { data: { type: accountType, id: rule.accountId } } },
  };
}
