import type { Faker } from '@faker-js/faker';
import { type RuleStatus, RULE_TYPES, type RuleType } from '../../contract/facts/positivePay.ts';

export { PAYMENT_TYPES, RULE_STATUSES, RULE_TYPES, type RuleStatus, type RuleType } from '../../contract/facts/positivePay.ts';

// Request bodies for POST /positive-pay (sections 2.4, 2.5, 4.2), as data: the
// valid variants of each rule type and the invalid ones of section 7.

export const ACH_TYPES = ['receivedAchDebitPositivePay', 'receivedAchCreditPositivePay'] as const;

/** Section 3.1: the status a new rule of each type starts in. */
export const INITIAL_STATUS: Record<RuleType, RuleStatus> = {
  receivedAchDebitPositivePay: 'Active',
  receivedAchCreditPositivePay: 'Active',
  checkPaymentPositivePay: 'Active',
  drawdownPositivePay: 'AwaitingDocuments',
};

export type Attributes = Record<string, unknown>;
type Generate = (faker: Faker) => Attributes;

/** A date far enough ahead that no clock advance of another scenario reaches it. */
export const farFutureDate = (faker: Faker): string =>
  faker.date.between({ from: '2090-01-01T00:00:00Z', to: '2099-12-31T00:00:00Z' }).toISOString().slice(0, 10);
export const PAST_DATE = '2000-01-01';

export const cents = (faker: Faker): number => faker.number.int({ min: 100, max: 5_000_000 });
const tags = (faker: Faker): Record<string, string> => ({ purpose: faker.word.noun(), reference: faker.string.alphanumeric(10) });
const originatorName = (faker: Faker) => faker.company.name();
const originatorEntityId = (faker: Faker) => faker.string.numeric(10);
const checkNumber = (faker: Faker) => faker.string.numeric(6);

export interface RuleVariant {
  name: string;
  type: RuleType;
  attributes: Generate;
}

const achVariants = (type: RuleType): RuleVariant[] => [
  { name: 'originatorName', type, attributes: (f) => ({ originatorName: originatorName(f) }) },
  { name: 'originatorEntityId', type, attributes: (f) => ({ originatorEntityId: originatorEntityId(f) }) },
  {
    name: 'both-originators-amount-expiration-tags',
    type,
    attributes: (f) => ({
      originatorName: originatorName(f),
      originatorEntityId: originatorEntityId(f),
      amount: cents(f),
      expirationDate: farFutureDate(f),
      tags: tags(f),
    }),
  },
];

/** Every valid shape of each rule type: required members only, and with every optional member. */
export const VALID_VARIANTS: readonly RuleVariant[] = [
  ...achVariants('receivedAchDebitPositivePay'),
  ...achVariants('receivedAchCreditPositivePay'),
  { name: 'checkNumber-amount', type: 'checkPaymentPositivePay', attributes: (f) => ({ checkNumber: checkNumber(f), amount: cents(f) }) },
  {
    name: 'payee-expiration-tags',
    type: 'checkPaymentPositivePay',
    attributes: (f) => ({
      checkNumber: checkNumber(f),
      amount: cents(f),
      payeeName: f.person.fullName(),
      expirationDate: farFutureDate(f),
      tags: tags(f),
    }),
  },
  { name: 'no-attributes', type: 'drawdownPositivePay', attributes: () => ({}) },
  { name: 'expiration-tags', type: 'drawdownPositivePay', attributes: (f) => ({ expirationDate: farFutureDate(f), tags: tags(f) }) },
];

/** The smallest valid attributes of each type. */
export const MINIMAL: Record<RuleType, Generate> = {
  receivedAchDebitPositivePay: (f) => ({ originatorName: originatorName(f) }),
  receivedAchCreditPositivePay: (f) => ({ originatorName: originatorName(f) }),
  checkPaymentPositivePay: (f) => ({ checkNumber: checkNumber(f), amount: cents(f) }),
  drawdownPositivePay: () => ({}),
};

export function ruleBody(type: string, attributes: Attributes, accountId: string | undefined): { data: Record<string, unknown> } {
  const data: Record<string, unknown> = { type, attributes };
  if (accountId !== undefined) data.relationships = { account: { data: { type: 'account', id: accountId } } };
  return { data };
}

/** A data.type that is none of the four rule types of 2.4 / 4.2. */
export const UNKNOWN_RULE_TYPE = 'wireTransferPositivePay';

export interface InvalidCreate {
  name: string;
  type: RuleType | typeof UNKNOWN_RULE_TYPE;
  /**
   * The MUST requirement the request breaks (a rule it creates): an omission, or a value no
   * rule can hold (Conventions: an amount in fractions of a cent, an expirationDate that is
   * not an RFC 3339 full date). Undefined for other malformed values, which a lenient reading
   * could take (a number for a string): their 4xx and no rule are a SHOULD.
   */
  requirement?:
    | 'PP-ACH-ORIGINATOR-REQUIRED'
    | 'PP-CHECK-REQUIRED-MEMBERS'
    | 'PP-RULE-ACCOUNT-REQUIRED'
    | 'PP-RULE-TYPE-UNKNOWN-REFUSED'
    | typeof TYPED_VALUE;
  attributes: Generate;
  withAccount: boolean;
  /** Replaces the fixture account id (an account that does not exist). */
  accountId?: string;
}

const omissions: InvalidCreate[] = [
  ...ACH_TYPES.flatMap((type): InvalidCreate[] => [
    { name: 'neither-originator', type, requirement: 'PP-ACH-ORIGINATOR-REQUIRED', attributes: () => ({}), withAccount: true },
    {
      name: 'neither-originator-with-amount-tags',
      type,
      requirement: 'PP-ACH-ORIGINATOR-REQUIRED',
      attributes: (f) => ({ amount: cents(f), tags: tags(f) }),
      withAccount: true,
    },
  ]),
  {
    name: 'without-checkNumber',
    type: 'checkPaymentPositivePay',
    requirement: 'PP-CHECK-REQUIRED-MEMBERS',
    attributes: (f) => ({ amount: cents(f) }),
    withAccount: true,
  },
  {
    name: 'without-amount',
    type: 'checkPaymentPositivePay',
    requirement: 'PP-CHECK-REQUIRED-MEMBERS',
    attributes: (f) => ({ checkNumber: checkNumber(f) }),
    withAccount: true,
  },
  {
    name: 'without-checkNumber-and-amount',
    type: 'checkPaymentPositivePay',
    requirement: 'PP-CHECK-REQUIRED-MEMBERS',
    attributes: (f) => ({ payeeName: f.person.fullName() }),
    withAccount: true,
  },
  ...RULE_TYPES.map((type): InvalidCreate => ({
    name: 'without-account',
    type,
    requirement: 'PP-RULE-ACCOUNT-REQUIRED',
    attributes: MINIMAL[type],
    withAccount: false,
  })),
  { name: 'unknown-type', type: UNKNOWN_RULE_TYPE, requirement: 'PP-RULE-TYPE-UNKNOWN-REFUSED', attributes: () => ({}), withAccount: true },
];

/**
 * The MUST half of PP-RULE-INVALID-VALUES: an amount that is not an integer of cents (a fraction,
 * a string), or an expirationDate that is not an RFC 3339 full date (an impossible day, another
 * form, a date-time), creates no rule: each breaks a Conventions line by a guess the target would
 * have to make. With the expirationDate under test the request's marker is a tag (withMarker,
 * shared/ruleSteps.ts).
 */
const TYPED_VALUE = 'PP-RULE-INVALID-VALUES-NO-EFFECT';

const malformed: InvalidCreate[] = [
  {
    name: 'fractional-amount',
    type: 'checkPaymentPositivePay',
    requirement: TYPED_VALUE,
    attributes: (f) => ({ checkNumber: checkNumber(f), amount: 1234.5 }),
    withAccount: true,
  },
  {
    name: 'amount-as-string',
    type: 'checkPaymentPositivePay',
    requirement: TYPED_VALUE,
    attributes: (f) => ({ checkNumber: checkNumber(f), amount: '1234' }),
    withAccount: true,
  },
  {
    name: 'checkNumber-as-number',
    type: 'checkPaymentPositivePay',
    attributes: (f) => ({ checkNumber: 1234, amount: cents(f) }),
    withAccount: true,
  },
  {
    name: 'fractional-maximum-amount',
    type: 'receivedAchDebitPositivePay',
    requirement: TYPED_VALUE,
    attributes: (f) => ({ originatorName: originatorName(f), amount: 99.99 }),
    withAccount: true,
  },
  {
    name: 'expirationDate-impossible-day',
    type: 'receivedAchCreditPositivePay',
    requirement: TYPED_VALUE,
    attributes: (f) => ({ originatorName: originatorName(f), expirationDate: '2095-02-30' }),
    withAccount: true,
  },
  {
    name: 'expirationDate-date-time',
    type: 'drawdownPositivePay',
    requirement: TYPED_VALUE,
    attributes: () => ({ expirationDate: '2095-01-01T00:00:00Z' }),
    withAccount: true,
  },
  {
    name: 'expirationDate-day-first',
    type: 'drawdownPositivePay',
    requirement: TYPED_VALUE,
    attributes: () => ({ expirationDate: '31/12/2095' }),
    withAccount: true,
  },
  { name: 'tags-number-value', type: 'drawdownPositivePay', attributes: () => ({ tags: { reference: 42 } }), withAccount: true },
  {
    name: 'tags-array',
    type: 'receivedAchDebitPositivePay',
    attributes: (f) => ({ originatorName: originatorName(f), tags: ['reference'] }),
    withAccount: true,
  },
  {
    name: 'unknown-account',
    type: 'receivedAchDebitPositivePay',
    attributes: (f) => ({ originatorName: originatorName(f) }),
    withAccount: true,
    accountId: '999999999999',
  },
];

export const INVALID_CREATES: readonly InvalidCreate[] = [...omissions, ...malformed];
