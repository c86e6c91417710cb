import type { ModelStatus, OptInType } from './decisionModel.ts';
import type { RuleSpec } from './targetWorld.ts';

// Fixed decisioning examples: the boundaries of sections 2.3–2.5, 3.1 and 7 as
// data. Each creates a fresh account on a product with `productOptIn`, optionally
// sets `accountOptIn`, creates `rules` (on `ruleAccount` 'other' for a second
// account), applies `steps`, sends `payment` and expects `expect` ('observe' for
// readings the documents leave open).

export type PaymentSpec =
  | { kind: 'ReceivedAchDebit' | 'ReceivedAchCredit'; amount: number; originatorName?: string; originatorEntityId?: string }
  | { kind: 'CheckPayment'; amount: number; checkNumber: string; payeeName?: string }
  /** rule: index into `rules`, 'none' (no rule id) or 'unknown' (an id no rule has). */
  | { kind: 'WireDrawdown'; amount: number; rule: number | 'none' | 'unknown' };

export interface Example {
  id: string;
  requirement: string;
  /** The payment and its setup, not the verdict: the check message adds what was expected and what the target decided. */
  title: string;
  productOptIn: OptInType[];
  accountOptIn?: OptInType[];
  rules: Array<RuleSpec & { ruleAccount?: 'other' }>;
  steps?: Array<{ upload: number } | { cancel: number } | { advanceDays: number }>;
  /** Steps that move the target clock need capability clockControl. */
  needsClock?: boolean;
  payment: PaymentSpec;
  expect: ModelStatus | 'observe';
}

const DEBIT: OptInType[] = ['ReceivedAchDebit'];
const CHECK: OptInType[] = ['CheckPayment'];
const acme = { type: 'receivedAchDebitPositivePay' as const, originatorName: 'Acme Payroll', amount: 5_000 };
const check = { type: 'checkPaymentPositivePay' as const, checkNumber: '1001', amount: 10_000 };
const debitFromAcme = (amount: number) => ({ kind: 'ReceivedAchDebit' as const, amount, originatorName: 'Acme Payroll' });
const check1001 = (amount: number, payeeName?: string) => ({
  kind: 'CheckPayment' as const,
  amount,
  checkNumber: '1001',
  ...(payeeName ? { payeeName } : {}),
});
const drawdown = { type: 'drawdownPositivePay' as const };

function checkDifference(cents: number, requirement: string, expect: Example['expect']): Example {
  const sign = cents < 0 ? 'below' : 'above';
  return {
    id: `check-amount-${sign}-${Math.abs(cents)}`,
    requirement,
    title: `a check ${Math.abs(cents)} cents ${sign} the rule amount`,
    productOptIn: CHECK,
    rules: [check],
    payment: check1001(10_000 + cents),
    expect,
  };
}

export const EXAMPLES: Example[] = [
  // ACH amount as a maximum (2.5)
  {
    id: 'ach-amount-equal-to-maximum',
    requirement: 'DC-ACH-AMOUNT-AT-MAXIMUM',
    title: 'an ACH debit of exactly the rule amount',
    productOptIn: DEBIT,
    rules: [acme],
    payment: debitFromAcme(5_000),
    expect: 'Processed',
  },
  {
    id: 'ach-amount-one-cent-over',
    requirement: 'DC-ACH-AMOUNT-OVER-MAXIMUM',
    title: 'an ACH debit one cent over the rule amount',
    productOptIn: DEBIT,
    rules: [acme],
    payment: debitFromAcme(5_001),
    expect: 'Blocked',
  },
  // Originator matching (2.5)
  {
    id: 'ach-match-by-name',
    requirement: 'DC-ACH-ORIGINATOR-MATCH',
    title: 'an ACH debit under a rule naming its originatorName',
    productOptIn: DEBIT,
    rules: [{ type: 'receivedAchDebitPositivePay', originatorName: 'Globex' }],
    payment: { kind: 'ReceivedAchDebit', amount: 70_000, originatorName: 'Globex', originatorEntityId: '9990001111' },
    expect: 'Processed',
  },
  {
    id: 'ach-match-by-entity-id',
    requirement: 'DC-ACH-ORIGINATOR-MATCH',
    title: 'an ACH debit under a rule naming its originatorEntityId',
    productOptIn: DEBIT,
    rules: [{ type: 'receivedAchDebitPositivePay', originatorEntityId: '1234567890' }],
    payment: { kind: 'ReceivedAchDebit', amount: 1_200, originatorEntityId: '1234567890' },
    expect: 'Processed',
  },
  {
    id: 'ach-other-originator',
    requirement: 'DC-ACH-ORIGINATOR-MATCH',
    title: 'an ACH debit from an originator no rule names',
    productOptIn: DEBIT,
    rules: [acme],
    payment: { kind: 'ReceivedAchDebit', amount: 100, originatorName: 'Initech' },
    expect: 'Blocked',
  },
  // Direction (2.5)
  {
    id: 'ach-credit-rule-does-not-authorize-debit',
    requirement: 'DC-ACH-DIRECTION',
    title: 'an ACH debit under only a receivedAchCreditPositivePay rule',
    productOptIn: DEBIT,
    rules: [{ ...acme, type: 'receivedAchCreditPositivePay' }],
    payment: debitFromAcme(100),
    expect: 'Blocked',
  },
  {
    id: 'ach-debit-rule-does-not-authorize-credit',
    requirement: 'DC-ACH-DIRECTION',
    title: 'an ACH credit under only a receivedAchDebitPositivePay rule',
    productOptIn: ['ReceivedAchCredit'],
    rules: [acme],
    payment: { kind: 'ReceivedAchCredit', amount: 100, originatorName: 'Acme Payroll' },
    expect: 'Blocked',
  },
  {
    id: 'ach-credit-rule-authorizes-credit',
    requirement: 'DC-ACH-DIRECTION',
    title: 'an ACH credit matching a receivedAchCreditPositivePay rule',
    productOptIn: ['ReceivedAchCredit'],
    rules: [{ ...acme, type: 'receivedAchCreditPositivePay' }],
    payment: { kind: 'ReceivedAchCredit', amount: 100, originatorName: 'Acme Payroll' },
    expect: 'Processed',
  },
  // Opt-in (1.2, 2.3, 7)
  {
    id: 'opted-in-without-rules',
    requirement: 'DC-OPTIN-UNMATCHED-BLOCKED',
    title: 'an opted-in ACH debit with no rule',
    productOptIn: DEBIT,
    rules: [],
    payment: debitFromAcme(100),
    expect: 'Blocked',
  },
  {
    id: 'opted-in-check-without-rules',
    requirement: 'DC-OPTIN-UNMATCHED-BLOCKED',
    title: 'an opted-in check payment with no rule',
    productOptIn: CHECK,
    rules: [],
    payment: check1001(100),
    expect: 'Blocked',
  },
  {
    id: 'type-not-opted-in',
    requirement: 'DC-NOT-OPTED-IN-PROCEEDS',
    title: 'an ACH debit on an account opted in only for checks',
    productOptIn: CHECK,
    rules: [],
    payment: debitFromAcme(100),
    expect: 'Processed',
  },
  {
    id: 'nothing-opted-in',
    requirement: 'DC-NOT-OPTED-IN-PROCEEDS',
    title: 'a check payment on an account with no opt-in',
    productOptIn: [],
    rules: [],
    payment: check1001(100),
    expect: 'Processed',
  },
  {
    id: 'product-default-applies',
    requirement: 'DC-PRODUCT-OPTIN-DEFAULT',
    title: 'a payment of a type the product opts in, on an account without its own opt-in',
    productOptIn: ['ReceivedAchCredit'],
    rules: [],
    payment: { kind: 'ReceivedAchCredit', amount: 100, originatorName: 'Acme Payroll' },
    expect: 'Blocked',
  },
  {
    id: 'account-opt-in-narrower',
    requirement: 'DC-ACCOUNT-OPTIN-OVERRIDES',
    title: 'a payment of the type an account opt-in narrower than the product drops',
    productOptIn: ['ReceivedAchDebit', 'CheckPayment'],
    accountOptIn: CHECK,
    rules: [],
    payment: debitFromAcme(100),
    expect: 'Processed',
  },
  {
    id: 'account-opt-in-wider',
    requirement: 'DC-ACCOUNT-OPTIN-OVERRIDES',
    title: 'a payment of the type an account opt-in wider than the product adds',
    productOptIn: [],
    accountOptIn: DEBIT,
    rules: [],
    payment: debitFromAcme(100),
    expect: 'Blocked',
  },
  // Check tolerance (2.5, 8)
  checkDifference(0, 'DC-CHECK-TOLERANCE-INSIDE', 'Processed'),
  checkDifference(99, 'DC-CHECK-TOLERANCE-INSIDE', 'Processed'),
  checkDifference(-99, 'DC-CHECK-TOLERANCE-INSIDE', 'Processed'),
  checkDifference(100, 'DC-CHECK-TOLERANCE-EDGE', 'observe'),
  checkDifference(-100, 'DC-CHECK-TOLERANCE-EDGE', 'observe'),
  checkDifference(101, 'DC-CHECK-TOLERANCE-OUTSIDE', 'Blocked'),
  checkDifference(-101, 'DC-CHECK-TOLERANCE-OUTSIDE', 'Blocked'),
  {
    id: 'check-other-number',
    requirement: 'DC-CHECK-NUMBER',
    title: 'a check with another check number',
    productOptIn: CHECK,
    rules: [check],
    payment: { kind: 'CheckPayment', amount: 10_000, checkNumber: '1002' },
    expect: 'Blocked',
  },
  {
    id: 'check-payee-differs',
    requirement: 'DC-CHECK-PAYEE',
    title: 'a check to another payee than the rule names',
    productOptIn: CHECK,
    rules: [{ ...check, payeeName: 'Jane Roe' }],
    payment: check1001(10_000, 'John Doe'),
    expect: 'Blocked',
  },
  {
    id: 'check-payee-same',
    requirement: 'DC-CHECK-PAYEE',
    title: 'a check to the rule payee',
    productOptIn: CHECK,
    rules: [{ ...check, payeeName: 'Jane Roe' }],
    payment: check1001(10_000, 'Jane Roe'),
    expect: 'Processed',
  },
  {
    id: 'check-rule-without-payee',
    requirement: 'DC-CHECK-PAYEE',
    title: 'a check to any payee under a rule without payeeName',
    productOptIn: CHECK,
    rules: [check],
    payment: check1001(10_000, 'John Doe'),
    expect: 'Processed',
  },
  // Rule scope and status (2.4, 3.1)
  {
    id: 'rule-on-other-account',
    requirement: 'DC-RULE-ACCOUNT-SCOPE',
    title: 'a payment only a rule of another account matches',
    productOptIn: CHECK,
    rules: [{ ...check, ruleAccount: 'other' }],
    payment: check1001(10_000),
    expect: 'Blocked',
  },
  {
    id: 'cancelled-rule',
    requirement: 'DC-CANCELLED-RULE-BLOCKS',
    title: 'a payment only a cancelled rule matches',
    productOptIn: DEBIT,
    rules: [acme],
    steps: [{ cancel: 0 }],
    payment: debitFromAcme(100),
    expect: 'Blocked',
  },
  // "<date> is an RFC 3339 full date" (Conventions) names no time zone: the service's today may be the
  // UTC date or the day before or after it. Only dates past or to come in every zone are judged; the
  // days within one of today are each an expiration day somewhere, recorded (DC-EXPIRY-DAY).
  {
    id: 'rule-expired-two-days-ago',
    requirement: 'DC-EXPIRED-RULE-BLOCKS',
    title: 'a payment only a rule that expired two days ago (past in every time zone) matches',
    productOptIn: CHECK,
    rules: [{ ...check, expiresInDays: -2 }],
    payment: check1001(10_000),
    expect: 'Blocked',
  },
  {
    id: 'rule-expires-in-two-days',
    requirement: 'DC-EXPIRED-RULE-BLOCKS',
    title: 'a payment under a rule that expires in two days (to come in every time zone)',
    productOptIn: CHECK,
    rules: [{ ...check, expiresInDays: 2 }],
    payment: check1001(10_000),
    expect: 'Processed',
  },
  ...([-1, 0, 1] as const).map((days): Example => ({
    id: days === 0 ? 'rule-expires-today' : days < 0 ? 'rule-expired-yesterday' : 'rule-expires-tomorrow',
    requirement: 'DC-EXPIRY-DAY',
    title: `a payment under a rule whose expirationDate is ${days === 0 ? 'the UTC date' : days < 0 ? 'the day before the UTC date' : 'the day after the UTC date'} (its expiration day in some time zone: <date> names none)`,
    productOptIn: CHECK,
    rules: [{ ...check, expiresInDays: days }],
    payment: check1001(10_000),
    expect: 'observe',
  })),
  // Wire drawdowns (1.3, 3.1, 7)
  {
    id: 'drawdown-active-rule',
    requirement: 'DC-DRAWDOWN-ACTIVE-REVIEW',
    title: 'a drawdown naming an Active drawdown rule',
    productOptIn: [],
    rules: [drawdown],
    steps: [{ upload: 0 }],
    payment: { kind: 'WireDrawdown', amount: 250_000, rule: 0 },
    expect: 'PendingReview',
  },
  {
    id: 'drawdown-awaiting-documents-rule',
    requirement: 'DC-DRAWDOWN-AWAITING-REJECTED',
    title: 'a drawdown naming a rule still AwaitingDocuments',
    productOptIn: [],
    rules: [drawdown],
    payment: { kind: 'WireDrawdown', amount: 250_000, rule: 0 },
    expect: 'Rejected',
  },
  {
    id: 'drawdown-cancelled-rule',
    requirement: 'DC-DRAWDOWN-NOT-ACTIVE-REJECTED',
    title: 'a drawdown naming a cancelled rule',
    productOptIn: [],
    rules: [drawdown],
    steps: [{ upload: 0 }, { cancel: 0 }],
    payment: { kind: 'WireDrawdown', amount: 250_000, rule: 0 },
    expect: 'Rejected',
  },
  {
    id: 'drawdown-expired-rule',
    requirement: 'DC-DRAWDOWN-NOT-ACTIVE-REJECTED',
    title: 'a drawdown naming a rule past its expirationDate',
    productOptIn: [],
    // Uploaded while its date is to come in every time zone, then past it in every one.
    rules: [{ ...drawdown, expiresInDays: 2 }],
    steps: [{ upload: 0 }, { advanceDays: 4 }],
    needsClock: true,
    payment: { kind: 'WireDrawdown', amount: 250_000, rule: 0 },
    expect: 'Rejected',
  },
  {
    id: 'drawdown-without-rule-id',
    requirement: 'DC-DRAWDOWN-RULE-REQUIRED',
    title: 'a drawdown without a rule id',
    productOptIn: [],
    rules: [],
    payment: { kind: 'WireDrawdown', amount: 250_000, rule: 'none' },
    expect: 'Rejected',
  },
  {
    id: 'drawdown-unknown-rule-id',
    requirement: 'DC-DRAWDOWN-RULE-REQUIRED',
    title: 'a drawdown naming no existing rule',
    productOptIn: [],
    rules: [],
    payment: { kind: 'WireDrawdown', amount: 250_000, rule: 'unknown' },
    expect: 'Rejected',
  },
  {
    id: 'drawdown-names-ach-rule',
    requirement: 'DC-DRAWDOWN-RULE-MISMATCH',
    title: 'a drawdown naming an ACH rule',
    productOptIn: [],
    rules: [acme],
    payment: { kind: 'WireDrawdown', amount: 250_000, rule: 0 },
    expect: 'Rejected',
  },
  {
    id: 'drawdown-names-other-account-rule',
    requirement: 'DC-DRAWDOWN-RULE-MISMATCH',
    title: "a drawdown naming another account's drawdown rule",
    productOptIn: [],
    rules: [{ ...drawdown, ruleAccount: 'other' }],
    steps: [{ upload: 0 }],
    payment: { kind: 'WireDrawdown', amount: 250_000, rule: 0 },
    expect: 'Rejected',
  },
];
