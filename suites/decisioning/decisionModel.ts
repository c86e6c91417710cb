import type { SimulatedPayment } from '../../harness/targetIO/simulation/paymentSimulation.ts';
import { PAYMENT_TYPES, type PaymentType, type RuleAttributes, type RuleStatus, type RuleType } from '../../contract/facts/positivePay.ts';

// An executable reading of API sections 1–3 for positive pay decisioning,
// written from the documents alone (it never looks at the emulator): given an
// account's opt-in, the rules the client created and an incoming payment, what
// must happen to the payment. Where the documents are ambiguous the model takes a
// `Reading`; a target agrees when its decision is the model's under some reading.

export const OPT_IN_TYPES = PAYMENT_TYPES;
export type OptInType = PaymentType;

export type ModelRuleType = RuleType;
/** The statuses the client causes (3.1); `Expired` is derived from expirationDate, see `expired`. */
export const MODEL_RULE_STATUSES = ['AwaitingDocuments', 'Active', 'Cancelled'] as const satisfies readonly RuleStatus[];
export type ModelRuleStatus = (typeof MODEL_RULE_STATUSES)[number];
export const isModelRuleStatus = (value: string): value is ModelRuleStatus => (MODEL_RULE_STATUSES as readonly string[]).includes(value);

export interface ModelRule extends RuleAttributes {
  id: string;
  type: ModelRuleType;
  accountId: string;
  status: ModelRuleStatus;
}

export interface ModelAccount {
  id: string;
  productOptIn: readonly OptInType[];
  /** Section 2.3: the per-account override; undefined when never set. */
  accountOptIn?: readonly OptInType[];
}

/** The payment the model decides is the one a simulation adapter receives. */
export type ModelPayment = SimulatedPayment;

export type ModelStatus = 'Processed' | 'Blocked' | 'Rejected' | 'PendingReview';

export interface ModelDecision {
  status: ModelStatus;
  /** Whether positive pay gated the payment (opted-in type, or any drawdown). */
  gated: boolean;
  /** Rules that authorize the payment: any of them may be the one whose tags the transaction inherits. */
  authorizingRuleIds: string[];
}

/** The places where the Conventions and sections 2.4, 2.5 and 8 allow more than one reading. */
export interface Reading {
  /** "within a tolerance of 1 dollar": is a difference of exactly 100 cents within? */
  hundredCentsWithinTolerance: boolean;
  /** "expirationDate: when the authorization expires": does the rule still authorize on that date? */
  authorizesOnExpirationDate: boolean;
  /**
   * "`<date>` is an RFC 3339 full date" (Conventions) names no time zone, so the service's
   * today may be the UTC date or the day before or after it (zones run from UTC−12 to UTC+14).
   */
  localDayOffset: -1 | 0 | 1;
}

const LOCAL_DAY_OFFSETS = [-1, 0, 1] as const;

export const READINGS: readonly Reading[] = [true, false].flatMap((hundredCentsWithinTolerance) =>
  [true, false].flatMap((authorizesOnExpirationDate) =>
    LOCAL_DAY_OFFSETS.map((localDayOffset) => ({ hundredCentsWithinTolerance, authorizesOnExpirationDate, localDayOffset })),
  ),
);

const DAY_MS = 86_400_000;
/** A YYYY-MM-DD date `days` later. */
export const shiftDate = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Whether a rule's expirationDate is past in every time zone, or still to come in every one, with `today` the UTC date. */
export const pastInEveryZone = (date: string, today: string): boolean => date < shiftDate(today, -1);
export const futureInEveryZone = (date: string, today: string): boolean => date > shiftDate(today, 1);

const GOVERNING_RULE_TYPE: Record<OptInType, ModelRuleType> = {
  ReceivedAchDebit: 'receivedAchDebitPositivePay',
  ReceivedAchCredit: 'receivedAchCreditPositivePay',
  CheckPayment: 'checkPaymentPositivePay',
};

/** Section 3.1: drawdown rules wait for their document; the other types are Active at once. */
export const initialStatus = (type: ModelRuleType): ModelRuleStatus => (type === 'drawdownPositivePay' ? 'AwaitingDocuments' : 'Active');

/** Section 2.3: account-level opt-in overrides the product default. */
export const effectiveOptIn = (account: ModelAccount): readonly OptInType[] => account.accountOptIn ?? account.productOptIn;

/** `today` is the service clock's UTC date (YYYY-MM-DD), the reading's time zone shifts it; dates compare as strings. */
export function expired(rule: ModelRule, today: string, reading: Reading): boolean {
  if (rule.expirationDate === undefined) return false;
  const local = shiftDate(today, reading.localDayOffset);
  return local > rule.expirationDate || (local === rule.expirationDate && !reading.authorizesOnExpirationDate);
}

/** 3.1: only an Active rule authorizes; cancelled rules stop, drawdown rules wait for their document. */
export const inForce = (rule: ModelRule, today: string, reading: Reading): boolean =>
  rule.status === 'Active' && !expired(rule, today, reading);

function withinTolerance(difference: number, reading: Reading): boolean {
  const distance = Math.abs(difference);
  return distance < 100 || (distance === 100 && reading.hundredCentsWithinTolerance);
}

/** 2.5: what each rule type's attributes require of a payment. */
export function ruleMatches(rule: ModelRule, payment: ModelPayment, reading: Reading): boolean {
  if (payment.kind === 'WireDrawdown' || rule.accountId !== payment.accountId) return false;
  if (rule.type !== GOVERNING_RULE_TYPE[payment.kind]) return false;
  if (payment.kind === 'CheckPayment') {
    return (
      rule.checkNumber === payment.checkNumber &&
      rule.amount !== undefined &&
      withinTolerance(payment.amount - rule.amount, reading) &&
      (rule.payeeName === undefined || rule.payeeName === payment.payeeName)
    );
  }
  const byName = rule.originatorName !== undefined && rule.originatorName === payment.originatorName;
  const byEntity = rule.originatorEntityId !== undefined && rule.originatorEntityId === payment.originatorEntityId;
  // "Maximum allowed amount": the amount itself is allowed.
  return (byName || byEntity) && (rule.amount === undefined || payment.amount <= rule.amount);
}

function decideDrawdown(
  rules: readonly ModelRule[],
  payment: Extract<ModelPayment, { kind: 'WireDrawdown' }>,
  today: string,
  reading: Reading,
): ModelDecision {
  const rule = rules.find((candidate) => candidate.id === payment.positivePayId);
  const passes =
    rule !== undefined && rule.type === 'drawdownPositivePay' && rule.accountId === payment.accountId && inForce(rule, today, reading);
  // 1.3, 3.1: past positive pay a drawdown goes to the bank's manual review; 3.1 rule 1: otherwise rejected.
  return passes
    ? { status: 'PendingReview', gated: true, authorizingRuleIds: [rule.id] }
    : { status: 'Rejected', gated: true, authorizingRuleIds: [] };
}

export function decide(
  account: ModelAccount,
  rules: readonly ModelRule[],
  payment: ModelPayment,
  today: string,
  reading: Reading,
): ModelDecision {
  if (payment.kind === 'WireDrawdown') return decideDrawdown(rules, payment, today, reading);
  if (!effectiveOptIn(account).includes(payment.kind)) return { status: 'Processed', gated: false, authorizingRuleIds: [] };
  const authorizing = rules.filter((rule) => inForce(rule, today, reading) && ruleMatches(rule, payment, reading)).map((rule) => rule.id);
  return { status: authorizing.length > 0 ? 'Processed' : 'Blocked', gated: true, authorizingRuleIds: authorizing };
}

/**
 * A drawdown naming a rule in force that is not a drawdown rule of its account: 3.1 rule 1
 * rejects a drawdown whose rule is not Active and says nothing of this case, so rejecting
 * it is only a SHOULD (DC-DRAWDOWN-RULE-MISMATCH), and the MUST properties admit review too.
 */
function mismatchedRuleInForce(rules: readonly ModelRule[], payment: ModelPayment, today: string, reading: Reading): ModelRule | undefined {
  if (payment.kind !== 'WireDrawdown') return undefined;
  const rule = rules.find((candidate) => candidate.id === payment.positivePayId);
  const mismatched = rule !== undefined && (rule.type !== 'drawdownPositivePay' || rule.accountId !== payment.accountId);
  return mismatched && inForce(rule, today, reading) ? rule : undefined;
}

/** The decision under every reading, without duplicates: one element when the documents leave no doubt. */
export function admissibleDecisions(
  account: ModelAccount,
  rules: readonly ModelRule[],
  payment: ModelPayment,
  today: string,
): ModelDecision[] {
  const seen = new Map<string, ModelDecision>();
  const admit = (decision: ModelDecision) => seen.set(`${decision.status}|${decision.authorizingRuleIds.join(',')}`, decision);
  for (const reading of READINGS) {
    admit(decide(account, rules, payment, today, reading));
    const mismatched = mismatchedRuleInForce(rules, payment, today, reading);
    if (mismatched) admit({ status: 'PendingReview', gated: true, authorizingRuleIds: [mismatched.id] });
  }
  return [...seen.values()];
}
