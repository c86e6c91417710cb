import type { PaymentType, PositivePayRule, RuleType } from '../core/domain.ts';
import type { EmulatorState } from '../core/emulatorState.ts';
import type { SandboxBehaviour } from './sandboxBehaviour.ts';
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

type DecisionState = Pick<EmulatorState, 'positivePay' | 'clock'>;

/** Section 2.3: account-level opt-in, when set, overrides the product default. */
export function effectiveOptIn(state: DecisionState, behaviour: SandboxBehaviour, accountId: string): readonly PaymentType[] {
  const account = state.positivePay.account(accountId);
  if (!account) return [];
  if (account.positivePayOptIn !== undefined) return account.positivePayOptIn;
  return behaviour.productOptIn(state.positivePay.product(account.depositProductId));
}

/** Active, and not past expirationDate by the emulator clock's UTC date (2.4, 3.1). */
function authorizes(state: DecisionState, behaviour: SandboxBehaviour, rule: PositivePayRule): boolean {
  if (!behaviour.authorizingStatuses.includes(rule.status)) return false;
  return !behaviour.pastExpiration(rule, state.clock.now());
}

function matches(behaviour: SandboxBehaviour, rule: PositivePayRule, payment: SimulatedPayment): boolean {
  if (payment.kind === 'CheckPayment') {
    return (
      rule.checkNumber === payment.checkNumber &&
      rule.amount !== undefined &&
      Math.abs(payment.amount - rule.amount) <= behaviour.checkToleranceCents &&
      (rule.payeeName === undefined || rule.payeeName === payment.payeeName)
    );
  }
  if (payment.kind === 'WireDrawdown') return false;
  const originator =
    (rule.originatorName !== undefined && rule.originatorName === payment.originatorName) ||
    (rule.originatorEntityId !== undefined && rule.originatorEntityId === payment.originatorEntityId);
  if (!originator || rule.amount === undefined) return originator;
  return behaviour.withinAchMaximum(payment.amount, rule.amount);
}

function decideDrawdown(
  state: DecisionState,
  behaviour: SandboxBehaviour,
  payment: Extract<SimulatedPayment, { kind: 'WireDrawdown' }>,
): Decision {
  const rejected = (reason: DecisionReason, rule?: PositivePayRule): Decision => ({
    status: 'Rejected',
    reason,
    optedIn: true,
    ...(rule ? { rule } : {}),
  });
  if (payment.positivePayId === undefined) return rejected('RuleIdMissing');
  const rule = state.positivePay.rule(payment.positivePayId);
  if (!rule) return rejected('RuleNotFound');
  if (rule.type !== 'drawdownPositivePay') return rejected('RuleNotDrawdown', rule);
  if (rule.accountId !== payment.accountId) return rejected('RuleOnOtherAccount', rule);
  const awaitingAccepted = rule.status === 'AwaitingDocuments' && behaviour.awaitingDocumentsAuthorizesDrawdown;
  if (!awaitingAccepted && !authorizes(state, behaviour, rule)) return rejected('RuleNotActive', rule);
  // Section 1.3 and 3.1: past positive pay, the bank reviews the drawdown against the uploaded document.
  return { status: 'PendingReview', reason: 'ManualReview', optedIn: true, rule };
}

export function decide(state: DecisionState, behaviour: SandboxBehaviour, payment: SimulatedPayment): Decision {
  if (payment.kind === 'WireDrawdown') return decideDrawdown(state, behaviour, payment);
  if (!isOptInType(payment.kind) || !effectiveOptIn(state, behaviour, payment.accountId).includes(payment.kind)) {
    return { status: 'Processed', reason: 'NotOptedIn', optedIn: false };
  }
  const ruleType = RULE_TYPE[payment.kind];
  // Deterministic choice among several matching rules: the oldest (ids ascend with creation).
  const candidates = [...state.positivePay.rules()]
    .filter((rule) => rule.type === ruleType && rule.accountId === payment.accountId)
    .sort((a, b) => a.createdAt - b.createdAt || Number(a.id) - Number(b.id));
  const rule = candidates.find((candidate) => authorizes(state, behaviour, candidate) && matches(behaviour, candidate, payment));
  return rule
    ? { status: 'Processed', reason: 'MatchedRule', optedIn: true, rule }
    : { status: 'Blocked', reason: 'NoMatchingRule', optedIn: true };
}
