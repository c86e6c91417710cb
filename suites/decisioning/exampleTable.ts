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
    title: `a check ${Math.abs(cents)} cents ${sign} the rule amount ${expect === 'observe' ? 'is ambiguous (recorded)' : expect === 'Processed' ? 'MUST match' : 'MUST NOT match'}`,
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
    title: 'an ACH debit of exactly the rule amount MUST match',
    productOptIn: DEBIT,
    rules: [acme],
    payment: debitFromAcme(5_000),
    expect: 'Processed',
  },
  {
    id: 'ach-amount-one-cent-over',
    requirement: 'DC-ACH-AMOUNT-OVER-MAXIMUM',
    title: 'an ACH debit one cent over the rule amount MUST be blocked',
    productOptIn: DEBIT,
    rules: [acme],
    payment: debitFromAcme(5_001),
    expect: 'Blocked',
  },
  // Originator matching (2.5)
  {
    id: 'ach-match-by-name',
    requirement: 'DC-ACH-ORIGINATOR-MATCH',
    title: 'an ACH debit MUST match a rule naming its originatorName',
    productOptIn: DEBIT,
    rules: [{ type: 'receivedAchDebitPositivePay', originatorName: 'Globex' }],
    payment: { kind: 'ReceivedAchDebit', amount: 70_000, originatorName: 'Globex', originatorEntityId: '9990001111' },
    expect: 'Processed',
  },
  {
    id: 'ach-match-by-entity-id',
    requirement: 'DC-ACH-ORIGINATOR-MATCH',
    title: 'an ACH debit MUST match a rule naming its originatorEntityId',
    productOptIn: DEBIT,
    rules: [{ type: 'receivedAchDebitPositivePay', originatorEntityId: '1234567890' }],
    payment: { kind: 'ReceivedAchDebit', amount: 1_200, originatorEntityId: '1234567890' },
    expect: 'Processed',
  },
  {
    id: 'ach-other-originator',
    requirement: 'DC-ACH-ORIGINATOR-MATCH',
    title: 'an ACH debit from an originator no rule names MUST be blocked',
    productOptIn: DEBIT,
    rules: [acme],
    payment: { kind: 'ReceivedAchDebit', amount: 100, originatorName: 'Initech' },
    expect: 'Blocked',
  },
  // Direction (2.5)
  {
    id: 'ach-credit-rule-does-not-authorize-debit',
    requirement: 'DC-ACH-DIRECTION',
    title: 'a receivedAchCreditPositivePay rule MUST NOT authorize an ACH debit',
    productOptIn: DEBIT,
    rules: [{ ...acme, type: 'receivedAchCreditPositivePay' }],
    payment: debitFromAcme(100),
    expect: 'Blocked',
  },
  {
    id: 'ach-debit-rule-does-not-authorize-credit',
    requirement: 'DC-ACH-DIRECTION',
    title: 'a receivedAchDebitPositivePay rule MUST NOT authorize an ACH credit',
    productOptIn: ['ReceivedAchCredit'],
    rules: [acme],
    payment: { kind: 'ReceivedAchCredit', amount: 100, originatorName: 'Acme Payroll' },
    expect: 'Blocked',
  },
  {
    id: 'ach-credit-rule-authorizes-credit',
    requirement: 'DC-ACH-DIRECTION',
    title: 'a receivedAchCreditPositivePay rule MUST authorize a matching ACH credit',
    productOptIn: ['ReceivedAchCredit'],
    rules: [{ ...acme, type: 'receivedAchCreditPositivePay' }],
    payment: { kind: 'ReceivedAchCredit', amount: 100, originatorName: 'Acme Payroll' },
    expect: 'Processed',
  },
  // Opt-in (1.2, 2.3, 7)
  {
    id: 'opted-in-without-rules',
    requirement: 'DC-OPTIN-UNMATCHED-BLOCKED',
    title: 'an opted-in ACH debit with no rule MUST be blocked',
    productOptIn: DEBIT,
    rules: [],
    payment: debitFromAcme(100),
    expect: 'Blocked',
  },
  {
    id: 'opted-in-check-without-rules',
    requirement: 'DC-OPTIN-UNMATCHED-BLOCKED',
    title: 'an opted-in check payment with no rule MUST be blocked',
    productOptIn: CHECK,
    rules: [],
    payment: check1001(100),
    expect: 'Blocked',
  },
  {
    id: 'type-not-opted-in',
    requirement: 'DC-NOT-OPTED-IN-PROCEEDS',
    title: 'an ACH debit on an account opted in only for checks MUST be processed',
    productOptIn: CHECK,
    rules: [],
    payment: debitFromAcme(100),
    expect: 'Processed',
  },
  {
    id: 'nothing-opted-in',
    requirement: 'DC-NOT-OPTED-IN-PROCEEDS',
    title: 'a check payment on an account with no opt-in MUST be processed',
    productOptIn: [],
    rules: [],
    payment: check1001(100),
    expect: 'Processed',
  },
  {
    id: 'product-default-applies',
    requirement: 'DC-PRODUCT-OPTIN-DEFAULT',
    title: 'the product opt-in MUST gate an account without its own opt-in',
    productOptIn: ['ReceivedAchCredit'],
    rules: [],
    payment: { kind: 'ReceivedAchCredit', amount: 100, originatorName: 'Acme Payroll' },
    expect: 'Blocked',
  },
  {
    id: 'account-opt-in-narrower',
    requirement: 'DC-ACCOUNT-OPTIN-OVERRIDES',
    title: 'an account opt-in narrower than the product MUST let the dropped type through',
    productOptIn: ['ReceivedAchDebit', 'CheckPayment'],
    accountOptIn: CHECK,
    rules: [],
    payment: debitFromAcme(100),
    expect: 'Processed',
  },
  {
    id: 'account-opt-in-wider',
    requirement: 'DC-ACCOUNT-OPTIN-OVERRIDES',
    title: 'an account opt-in wider than the product MUST gate the added type',
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
    title: 'a check with another check number MUST NOT match',
    productOptIn: CHECK,
    rules: [check],
    payment: { kind: 'CheckPayment', amount: 10_000, checkNumber: '1002' },
    expect: 'Blocked',
  },
  {
    id: 'check-payee-differs',
    requirement: 'DC-CHECK-PAYEE',
    title: 'a check to another payee MUST NOT match a rule with payeeName',
    productOptIn: CHECK,
    rules: [{ ...check, payeeName: 'Jane Roe' }],
    payment: check1001(10_000, 'John Doe'),
    expect: 'Blocked',
  },
  {
    id: 'check-payee-same',
    requirement: 'DC-CHECK-PAYEE',
    title: 'a check to the rule payee MUST match',
    productOptIn: CHECK,
    rules: [{ ...check, payeeName: 'Jane Roe' }],
    payment: check1001(10_000, 'Jane Roe'),
    expect: 'Processed',
  },
  {
    id: 'check-rule-without-payee',
    requirement: 'DC-CHECK-PAYEE',
    title: 'a rule without payeeName MUST match any payee',
    productOptIn: CHECK,
    rules: [check],
    payment: check1001(10_000, 'John Doe'),
    expect: 'Processed',
  },
  // Rule scope and status (2.4, 3.1)
  {
    id: 'rule-on-other-account',
    requirement: 'DC-RULE-ACCOUNT-SCOPE',
    title: 'a rule of another account MUST NOT authorize a payment',
    productOptIn: CHECK,
    rules: [{ ...check, ruleAccount: 'other' }],
    payment: check1001(10_000),
    expect: 'Blocked',
  },
  {
    id: 'cancelled-rule',
    requirement: 'DC-CANCELLED-RULE-BLOCKS',
    title: 'a payment only a cancelled rule matches MUST be blocked',
    productOptIn: DEBIT,
    rules: [acme],
    steps: [{ cancel: 0 }],
    payment: debitFromAcme(100),
    expect: 'Blocked',
  },
  {
    id: 'rule-expired-yesterday',
    requirement: 'DC-EXPIRED-RULE-BLOCKS',
    title: 'a payment only a rule that expired yesterday matches MUST be blocked',
    productOptIn: CHECK,
    rules: [{ ...check, expiresInDays: -1 }],
    payment: check1001(10_000),
    expect: 'Blocked',
  },
  {
    id: 'rule-expires-tomorrow',
    requirement: 'DC-EXPIRED-RULE-BLOCKS',
    title: 'a rule that expires tomorrow MUST still authorize',
    productOptIn: CHECK,
    rules: [{ ...check, expiresInDays: 1 }],
    payment: check1001(10_000),
    expect: 'Processed',
  },
  {
    id: 'rule-expires-today',
    requirement: 'DC-EXPIRY-DAY',
    title: 'a rule on its expirationDate is ambiguous (recorded)',
    productOptIn: CHECK,
    rules: [{ ...check, expiresInDays: 0 }],
    payment: check1001(10_000),
    expect: 'observe',
  },
  // Wire drawdowns (1.3, 3.1, 7)
  {
    id: 'drawdown-active-rule',
    requirement: 'DC-DRAWDOWN-ACTIVE-REVIEW',
    title: 'a drawdown naming an Active drawdown rule MUST go to manual review',
    productOptIn: [],
    rules: [drawdown],
    steps: [{ upload: 0 }],
    payment: { kind: 'WireDrawdown', amount: 250_000, rule: 0 },
    expect: 'PendingReview',
  },
  {
    id: 'drawdown-awaiting-documents-rule',
    requirement: 'DC-DRAWDOWN-AWAITING-REJECTED',
    title: 'a drawdown naming a rule still AwaitingDocuments MUST be rejected',
    productOptIn: [],
    rules: [drawdown],
    payment: { kind: 'WireDrawdown', amount: 250_000, rule: 0 },
    expect: 'Rejected',
  },
  {
    id: 'drawdown-cancelled-rule',
    requirement: 'DC-DRAWDOWN-NOT-ACTIVE-REJECTED',
    title: 'a drawdown naming a cancelled rule MUST be rejected',
    productOptIn: [],
    rules: [drawdown],
    steps: [{ upload: 0 }, { cancel: 0 }],
    payment: { kind: 'WireDrawdown', amount: 250_000, rule: 0 },
    expect: 'Rejected',
  },
  {
    id: 'drawdown-expired-rule',
    requirement: 'DC-DRAWDOWN-NOT-ACTIVE-REJECTED',
    title: 'a drawdown naming a rule past its expirationDate MUST be rejected',
    productOptIn: [],
    rules: [{ ...drawdown, expiresInDays: 1 }],
    steps: [{ upload: 0 }, { advanceDays: 2 }],
    needsClock: true,
    payment: { kind: 'WireDrawdown', amount: 250_000, rule: 0 },
    expect: 'Rejected',
  },
  {
    id: 'drawdown-without-rule-id',
    requirement: 'DC-DRAWDOWN-RULE-REQUIRED',
    title: 'a drawdown without a rule id MUST be rejected',
    productOptIn: [],
    rules: [],
    payment: { kind: 'WireDrawdown', amount: 250_000, rule: 'none' },
    expect: 'Rejected',
  },
  {
    id: 'drawdown-unknown-rule-id',
    requirement: 'DC-DRAWDOWN-RULE-REQUIRED',
    title: 'a drawdown naming no existing rule MUST be rejected',
    productOptIn: [],
    rules: [],
    payment: { kind: 'WireDrawdown', amount: 250_000, rule: 'unknown' },
    expect: 'Rejected',
  },
  {
    id: 'drawdown-names-ach-rule',
    requirement: 'DC-DRAWDOWN-RULE-MISMATCH',
    title: 'a drawdown naming an ACH rule SHOULD be rejected',
    productOptIn: [],
    rules: [acme],
    payment: { kind: 'WireDrawdown', amount: 250_000, rule: 0 },
    expect: 'Rejected',
  },
  {
    id: 'drawdown-names-other-account-rule',
    requirement: 'DC-DRAWDOWN-RULE-MISMATCH',
    title: "a drawdown naming another account's drawdown rule SHOULD be rejected",
    productOptIn: [],
    rules: [{ ...drawdown, ruleAccount: 'other' }],
    steps: [{ upload: 0 }],
    payment: { kind: 'WireDrawdown', amount: 250_000, rule: 0 },
    expect: 'Rejected',
  },
];
