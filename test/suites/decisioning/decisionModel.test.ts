import { describe, expect, test } from 'vitest';
import { disagreement } from '../../../suites/decisioning/decisionJudgement.ts';
import { admissibleDecisions, decide, type ModelAccount, type ModelRule, READINGS } from '../../../suites/decisioning/decisionModel.ts';

// The decision model read against the documents' own sentences: the boundaries
// and the two ambiguous readings.

const account: ModelAccount = { id: 'a1', productOptIn: ['CheckPayment', 'ReceivedAchDebit'] };
const check: ModelRule = {
  id: 'r1',
  type: 'checkPaymentPositivePay',
  accountId: 'a1',
  status: 'Active',
  checkNumber: '1',
  amount: 10_000,
  tags: { k: 'v' },
};
const ach: ModelRule = {
  id: 'r2',
  type: 'receivedAchDebitPositivePay',
  accountId: 'a1',
  status: 'Active',
  originatorEntityId: 'E',
  amount: 500,
};
const today = '2026-05-10';
const statuses = (rules: ModelRule[], payment: Parameters<typeof decide>[2], model: ModelAccount = account) =>
  admissibleDecisions(model, rules, payment, today)
    .map((decision) => decision.status)
    .sort();

describe('check tolerance (2.5, 8)', () => {
  test.each([
    [0, ['Processed']],
    [99, ['Processed']],
    [-99, ['Processed']],
    [100, ['Blocked', 'Processed']],
    [101, ['Blocked']],
    [-101, ['Blocked']],
  ])('a difference of %i cents admits %j', (difference, expected) => {
    expect(statuses([check], { kind: 'CheckPayment', accountId: 'a1', amount: 10_000 + difference, checkNumber: '1' })).toEqual(expected);
  });
  test('a rule payee must be met; no rule payee matches anyone', () => {
    expect(
      statuses([{ ...check, payeeName: 'A' }], { kind: 'CheckPayment', accountId: 'a1', amount: 10_000, checkNumber: '1', payeeName: 'B' }),
    ).toEqual(['Blocked']);
    expect(statuses([check], { kind: 'CheckPayment', accountId: 'a1', amount: 10_000, checkNumber: '1', payeeName: 'B' })).toEqual([
      'Processed',
    ]);
  });
});

describe('ACH (2.5)', () => {
  test('the amount is an inclusive maximum', () => {
    expect(statuses([ach], { kind: 'ReceivedAchDebit', accountId: 'a1', amount: 500, originatorEntityId: 'E' })).toEqual(['Processed']);
    expect(statuses([ach], { kind: 'ReceivedAchDebit', accountId: 'a1', amount: 501, originatorEntityId: 'E' })).toEqual(['Blocked']);
  });
  test('a debit rule does not govern credits; credits not opted in proceed', () => {
    expect(statuses([ach], { kind: 'ReceivedAchCredit', accountId: 'a1', amount: 1, originatorEntityId: 'E' })).toEqual(['Processed']);
    const creditOptIn: ModelAccount = { id: 'a1', productOptIn: ['ReceivedAchCredit'] };
    expect(statuses([ach], { kind: 'ReceivedAchCredit', accountId: 'a1', amount: 1, originatorEntityId: 'E' }, creditOptIn)).toEqual([
      'Blocked',
    ]);
  });
});

describe('opt-in (2.3)', () => {
  test('an account opt-in overrides the product, narrower or wider', () => {
    const narrower: ModelAccount = { ...account, accountOptIn: [] };
    expect(statuses([], { kind: 'CheckPayment', accountId: 'a1', amount: 1, checkNumber: '9' }, narrower)).toEqual(['Processed']);
    const wider: ModelAccount = { id: 'a1', productOptIn: [], accountOptIn: ['CheckPayment'] };
    expect(statuses([], { kind: 'CheckPayment', accountId: 'a1', amount: 1, checkNumber: '9' }, wider)).toEqual(['Blocked']);
  });
});

describe('rule status and expiry (2.4, 3.1)', () => {
  const pay = { kind: 'CheckPayment' as const, accountId: 'a1', amount: 10_000, checkNumber: '1' };
  // <date> names no time zone (Conventions): each day within one of the UTC date is an expiration day somewhere.
  test('cancelled rules never authorize; past in every time zone blocks; the days around today are ambiguous', () => {
    expect(statuses([{ ...check, status: 'Cancelled' }], pay)).toEqual(['Blocked']);
    expect(statuses([{ ...check, expirationDate: '2026-05-08' }], pay)).toEqual(['Blocked']);
    for (const date of ['2026-05-09', '2026-05-10', '2026-05-11'])
      expect(statuses([{ ...check, expirationDate: date }], pay), date).toEqual(['Blocked', 'Processed']);
    expect(statuses([{ ...check, expirationDate: '2026-05-12' }], pay)).toEqual(['Processed']);
  });
  test('drawdowns go to review only with an Active drawdown rule of their account', () => {
    const drawdown: ModelRule = { id: 'd1', type: 'drawdownPositivePay', accountId: 'a1', status: 'AwaitingDocuments' };
    const wire = { kind: 'WireDrawdown' as const, accountId: 'a1', amount: 1, positivePayId: 'd1' };
    expect(statuses([drawdown], wire)).toEqual(['Rejected']);
    expect(statuses([{ ...drawdown, status: 'Active' }], wire)).toEqual(['PendingReview']);
    // Another account's Active rule: 3.1 does not say; rejecting is DC-DRAWDOWN-RULE-MISMATCH's SHOULD, so the MUST model admits both.
    expect(statuses([{ ...drawdown, status: 'Active', accountId: 'a2' }], wire)).toEqual(['PendingReview', 'Rejected']);
    expect(statuses([{ ...ach, id: 'd1' }], wire)).toEqual(['PendingReview', 'Rejected']);
    expect(statuses([], { kind: 'WireDrawdown', accountId: 'a1', amount: 1 })).toEqual(['Rejected']);
  });
  test('every reading is considered: tolerance, expiration day, and the time zone of today', () => expect(READINGS).toHaveLength(12));
});

describe('judgement', () => {
  const pay = { kind: 'CheckPayment' as const, accountId: 'a1', amount: 10_000, checkNumber: '1' };
  const admissible = admissibleDecisions(account, [check], pay, today);
  test('agrees with the matched rule and its tags', () => {
    expect(
      disagreement(admissible, { status: 'Processed', ruleId: 'r1', transaction: { id: 't', tags: { k: 'v' } } }, [check]),
    ).toBeUndefined();
  });
  test('names a missing tag, a wrong rule, a missing transaction and a wrong status', () => {
    expect(disagreement(admissible, { status: 'Processed', ruleId: 'r1', transaction: { id: 't', tags: {} } }, [check])).toMatch(/tags/);
    expect(disagreement(admissible, { status: 'Processed', ruleId: 'r9', transaction: { id: 't', tags: { k: 'v' } } }, [check])).toMatch(
      /named rule r9/,
    );
    expect(disagreement(admissible, { status: 'Processed', ruleId: 'r1' }, [check])).toMatch(/no transaction/);
    expect(disagreement(admissible, { status: 'Blocked' }, [check])).toMatch(/require Processed/);
  });
});
