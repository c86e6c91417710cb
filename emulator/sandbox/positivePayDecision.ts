import type { PaymentType, PositivePayRule, RuleType } from '../core/domain.ts';
import type { EmulatorState } from '../core/emulatorState.ts';
import { pastExpiration } from '../positivePay/ruleStatus.ts';
import { sandboxFaultOn } from './faults.ts';
import { isOptInType, type SimulatedPayment } from './simulatedPayment.ts';

// Positive pay decisioning (API sections 1, 2.2–2.5, 3.1, 7): deterministic, from
// the account's effective opt-in and the rules on the account.

export type DecisionStatus = 'Processed' | 'Blocked' | 'Rejected' | 'PendingReview';
export type DecisionReason =
  | 'NotOptedIn'
  | 'MatchedRule'
  | 'NoMatchingRule'
  | 'RuleIdMissing'
  | 'RuleNotFound'
  | 'RuleNotDrawdown'
  | 'RuleOnOtherAccount'
  | 'RuleNotActive'
  | 'ManualReview';

export interface Decision {
  status: DecisionStatus;
  reason: DecisionReason;
  optedIn: boolean;
  rule?: PositivePayRule;
}

const RULE_TYPE: Record<PaymentType, RuleType> = {
  ReceivedAchDebit: 'receivedAchDebitPositivePay',
  ReceivedAchCredit: 'receivedAchCreditPositivePay',
  CheckPayment: 'checkPaymentPositivePay',
};

/** Check amounts match "within a tolerance of 1 dollar" (2.5, 8): the emulator reads it as ≤ 100 cents. */
const CHECK_TOLERANCE_CENTS = 100;

type DecisionState = Pick<EmulatorState, 'accounts' | 'depositProducts' | 'positivePayRules' | 'clock' | 'faults'>;

/** Section 2.3: account-level opt-in, when set, overrides the product default. */
export function effectiveOptIn(state: DecisionState, accountId: string): readonly PaymentType[] {
  const account = state.accounts.get(accountId);
  if (!account) return [];
  if (account.positivePayOptIn !== undefined) return account.positivePayOptIn;
  if (sandboxFaultOn(state, 'product-opt-in-ignored')) return [];
  return state.depositProducts.get(account.depositProductId)?.positivePayOptIn ?? [];
}

/** Active, and not past expirationDate by the emulator clock's UTC date (2.4, 3.1). */
function authorizes(state: DecisionState, rule: PositivePayRule): boolean {
  const activeEnough = rule.status === 'Active' || (rule.status === 'Cancelled' && sandboxFaultOn(state, 'cancelled-rule-authorizes'));
  if (!activeEnough) return false;
  return sandboxFaultOn(state, 'expired-rule-authorizes') || !pastExpiration(rule, state.clock.now());
}

function matches(state: DecisionState, rule: PositivePayRule, payment: SimulatedPayment): boolean {
  if (payment.kind === 'CheckPayment') {
    const tolerance = CHECK_TOLERANCE_CENTS + (sandboxFaultOn(state, 'check-tolerance-101') ? 1 : 0);
    return (
      rule.checkNumber === payment.checkNumber &&
      rule.amount !== undefined &&
      Math.abs(payment.amount - rule.amount) <= tolerance &&
      (rule.payeeName === undefined || rule.payeeName === payment.payeeName)
    );
  }
  if (payment.kind === 'WireDrawdown') return false;
  const originator =
    (rule.originatorName !== undefined && rule.originatorName === payment.originatorName) ||
    (rule.originatorEntityId !== undefined && rule.originatorEntityId === payment.originatorEntityId);
  if (!originator || rule.amount === undefined) return originator;
  return sandboxFaultOn(state, 'ach-maximum-exclusive') ? payment.amount < rule.amount : payment.amount <= rule.amount;
}

function decideDrawdown(state: DecisionState, payment: Extract<SimulatedPayment, { kind: 'WireDrawdown' }>): Decision {
  const rejected = (reason: DecisionReason, rule?: PositivePayRule): Decision => ({
    status: 'Rejected',
    reason,
    optedIn: true,
    ...(rule ? { rule } : {}),
  });
  if (payment.positivePayId === undefined) return rejected('RuleIdMissing');
  const rule = state.positivePayRules.get(payment.positivePayId);
  if (!rule) return rejected('RuleNotFound');
  if (rule.type !== 'drawdownPositivePay') return rejected('RuleNotDrawdown', rule);
  if (rule.accountId !== payment.accountId) return rejected('RuleOnOtherAccount', rule);
  const awaitingAccepted = rule.status === 'AwaitingDocuments' && sandboxFaultOn(state, 'drawdown-accepts-awaiting-documents-rule');
  if (!awaitingAccepted && !authorizes(state, rule)) return rejected('RuleNotActive', rule);
  // Section 1.3 and 3.1: past positive pay, the bank reviews the drawdown against the uploaded document.
  return { status: 'PendingReview', reason: 'ManualReview', optedIn: true, rule };
}

export function decide(state: DecisionState, payment: SimulatedPayment): Decision {
  if (payment.kind === 'WireDrawdown') return decideDrawdown(state, payment);
  if (!isOptInType(payment.kind) || !effectiveOptIn(state, payment.accountId).includes(payment.kind)) {
    return { status: 'Processed', reason: 'NotOptedIn', optedIn: false };
  }
  const ruleType = RULE_TYPE[payment.kind];
  // Deterministic choice among several matching rules: the oldest (ids ascend with creation).
  const candidates = [...state.positivePayRules.values()]
    .filter((rule) => rule.type === ruleType && rule.accountId === payment.accountId)
    .sort((a, b) => a.createdAt - b.createdAt || Number(a.id) - Number(b.id));
  const rule = candidates.find((candidate) => authorizes(state, candidate) && matches(state, candidate, payment));
  return rule
    ? { status: 'Processed', reason: 'MatchedRule', optedIn: true, rule }
    : { status: 'Blocked', reason: 'NoMatchingRule', optedIn: true };
}
