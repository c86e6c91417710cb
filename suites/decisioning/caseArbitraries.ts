import fc from 'fast-check';
import { OPT_IN_TYPES } from './decisionModel.ts';
import type { CaseSpec, PaymentDescription } from './caseSetup.ts';
import type { RuleSpec } from './targetWorld.ts';

// Generators for decisioning cases. Values come from small pools so that rules
// and payments meet often (a match, a near miss, a boundary) rather than rarely.

export const ORIGINATOR_NAMES = ['Acme Payroll', 'Globex', 'Initech'] as const;
export const ORIGINATOR_ENTITY_IDS = ['1111111111', '2222222222', '3333333333'] as const;
export const CHECK_NUMBERS = ['1001', '1002'] as const;
export const PAYEES = ['Jane Roe', 'John Doe'] as const;
const ACH_MAXIMA = [1_000, 5_000] as const;
const CHECK_AMOUNTS = [10_000, 25_000] as const;
/** Differences from a check rule amount around the 1-dollar tolerance, plus far misses. */
const CHECK_OFFSETS = [0, 1, -1, 50, -50, 99, -99, 100, -100, 101, -101, 150, -150, 5_000] as const;
const COST_CENTERS = ['CC-1', 'CC-2', 'CC-3'] as const;

export interface ClockPolicy {
  /** Offsets from today an expirationDate may have; only far ones when the target clock cannot be read. */
  expiryOffsets: readonly number[];
}

const optInSet = fc.subarray([...OPT_IN_TYPES]);
const tags = fc.option(fc.record({ costCenter: fc.constantFrom(...COST_CENTERS), purpose: fc.constantFrom('payroll', 'vendor') }), {
  nil: undefined,
});
const expiry = (clock: ClockPolicy) => fc.option(fc.constantFrom(...clock.expiryOffsets), { nil: undefined, freq: 3 });

const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined)) as T;

const originator = fc.oneof(
  fc.record({ originatorName: fc.constantFrom(...ORIGINATOR_NAMES) }),
  fc.record({ originatorEntityId: fc.constantFrom(...ORIGINATOR_ENTITY_IDS) }),
  fc.record({ originatorName: fc.constantFrom(...ORIGINATOR_NAMES), originatorEntityId: fc.constantFrom(...ORIGINATOR_ENTITY_IDS) }),
);

export const achRule = (clock: ClockPolicy): fc.Arbitrary<RuleSpec> =>
  fc
    .record({
      type: fc.constantFrom('receivedAchDebitPositivePay' as const, 'receivedAchCreditPositivePay' as const),
      originator,
      amount: fc.option(fc.constantFrom(...ACH_MAXIMA), { nil: undefined }),
      expiresInDays: expiry(clock),
      tags,
    })
    .map(({ originator: who, ...rest }) => withoutUndefined({ ...rest, ...who }));

const achAmount = fc.oneof(fc.constantFrom(999, 1_000, 1_001, 4_999, 5_000, 5_001), fc.integer({ min: 1, max: 20_000 }));

export const achPayment: fc.Arbitrary<PaymentDescription> = fc
  .record({
    kind: fc.constantFrom('ReceivedAchDebit' as const, 'ReceivedAchCredit' as const),
    originator,
    amount: achAmount,
  })
  .map(({ originator: who, ...rest }) => ({ ...rest, ...who }));

export const checkRule = (clock: ClockPolicy): fc.Arbitrary<RuleSpec> =>
  fc
    .record({
      type: fc.constant('checkPaymentPositivePay' as const),
      checkNumber: fc.constantFrom(...CHECK_NUMBERS),
      amount: fc.constantFrom(...CHECK_AMOUNTS),
      payeeName: fc.option(fc.constantFrom(...PAYEES), { nil: undefined }),
      expiresInDays: expiry(clock),
      tags,
    })
    .map(withoutUndefined);

export const checkPayment: fc.Arbitrary<PaymentDescription> = fc
  .record({
    kind: fc.constant('CheckPayment' as const),
    checkNumber: fc.constantFrom(...CHECK_NUMBERS),
    amount: fc.tuple(fc.constantFrom(...CHECK_AMOUNTS), fc.constantFrom(...CHECK_OFFSETS)).map(([base, offset]) => base + offset),
    payeeName: fc.option(fc.constantFrom(...PAYEES), { nil: undefined }),
  })
  .map(withoutUndefined);

/** A generated case: opt-in, rules with some cancelled (and drawdown documents uploaded), and the payments sent. */
export interface GeneratedCase extends CaseSpec {
  payments: PaymentDescription[];
}

function steps(ruleCount: number, withUploads: boolean) {
  const index = fc.nat({ max: Math.max(0, ruleCount - 1) });
  const step = withUploads
    ? fc.oneof(
        index.map((upload) => ({ upload })),
        index.map((cancel) => ({ cancel })),
      )
    : index.map((cancel) => ({ cancel }));
  return ruleCount === 0 ? fc.constant([]) : fc.uniqueArray(step, { maxLength: withUploads ? 4 : 2, selector: (s) => JSON.stringify(s) });
}

function paymentCase(rule: fc.Arbitrary<RuleSpec>, payment: fc.Arbitrary<PaymentDescription>): fc.Arbitrary<GeneratedCase> {
  return fc
    .record({
      productOptIn: optInSet,
      accountOptIn: fc.option(optInSet, { nil: undefined }),
      rules: fc.array(rule, { maxLength: 4 }),
      payments: fc.array(payment, { minLength: 1, maxLength: 3 }),
    })
    .chain((generated) => steps(generated.rules.length, false).map((chosen) => withoutUndefined({ ...generated, steps: chosen })));
}

export const achCase = (clock: ClockPolicy) => paymentCase(achRule(clock), achPayment);
export const checkCase = (clock: ClockPolicy) => paymentCase(checkRule(clock), checkPayment);

const drawdownRule = (clock: ClockPolicy): fc.Arbitrary<RuleSpec & { ruleAccount?: 'other' }> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .record({
          type: fc.constant('drawdownPositivePay' as const),
          expiresInDays: expiry(clock),
          tags,
          ruleAccount: fc.option(fc.constant('other' as const), { nil: undefined, freq: 5 }),
        })
        .map(withoutUndefined),
    },
    { weight: 1, arbitrary: achRule(clock) },
  );

export const drawdownCase = (clock: ClockPolicy): fc.Arbitrary<GeneratedCase> =>
  fc.array(drawdownRule(clock), { maxLength: 3 }).chain((rules) =>
    fc.record({
      productOptIn: fc.constant([]),
      rules: fc.constant(rules),
      steps: steps(rules.length, true),
      payments: fc.array(
        fc.record({
          kind: fc.constant('WireDrawdown' as const),
          amount: fc.integer({ min: 1, max: 1_000_000 }),
          rule:
            rules.length === 0
              ? fc.constant('unknown' as const)
              : fc.oneof(
                  { weight: 5, arbitrary: fc.nat({ max: rules.length - 1 }) },
                  { weight: 1, arbitrary: fc.constant('unknown' as const) },
                ),
        }),
        { minLength: 1, maxLength: 2 },
      ),
    }),
  );
