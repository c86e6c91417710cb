import { createAccount } from '../../control/fixtureFactory.ts';
import { RULE_TYPES, type PositivePayRule, type RuleType } from '../../core/domain.ts';
import type { EmulatorState } from '../../core/emulatorState.ts';
import type { SeededRandom } from '../seededRandom.ts';

// Positive pay rules other people left on a shared sandbox: on the fixture
// account and on accounts of their own, of every type and status, created over
// the past weeks. Ids follow creation order, so anything created later is newer.

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_DAYS = 42;
const OTHER_ACCOUNTS = 4;
// More than a maximum page (1000), as on a long-used sandbox account: page-size limits are judged without creating a thousand rules.
const RULES_ON_FIXTURE_ACCOUNT = 1050;
const RULES_ON_OTHER_ACCOUNTS = 75;
const ORIGINATORS = [
  'Acme Payroll LLC',
  'Northwind Utilities',
  'Contoso Insurance',
  'Globex Leasing',
  'Initech Benefits',
  'Umbrella Health',
];
const PAYEES = ['J. Rivera', 'Harbor Supply Co', 'City Water Dept', 'M. Okafor', 'Lakeside Rentals'];
const SAMPLE_PDF = Buffer.from('%PDF-1.4\n% drawdown authorization left by another tenant\n%%EOF\n');

const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

function typeAttributes(type: RuleType, random: SeededRandom): Partial<PositivePayRule> {
  switch (type) {
    case 'receivedAchDebitPositivePay':
    case 'receivedAchCreditPositivePay': {
      const attributes: Partial<PositivePayRule> = random.chance(0.7)
        ? { originatorName: random.pick(ORIGINATORS) }
        : { originatorEntityId: String(random.int(100_000_000, 1_000_000_000)) };
      if (random.chance(0.5)) attributes.amount = random.int(1_000, 2_000_000);
      return attributes;
    }
    case 'checkPaymentPositivePay': {
      const attributes: Partial<PositivePayRule> = { checkNumber: String(random.int(1000, 99_999)), amount: random.int(1_000, 500_000) };
      if (random.chance(0.5)) attributes.payeeName = random.pick(PAYEES);
      return attributes;
    }
    case 'drawdownPositivePay':
      return {};
  }
}

/** Status as stored: Expired comes from an expirationDate already past (see ruleStatus.ts). */
function lifecycle(rule: PositivePayRule, nowMs: number, random: SeededRandom): void {
  const roll = random.fraction();
  const oldEnoughToExpire = nowMs - rule.createdAt > 3 * DAY_MS;
  if (roll < 0.2) {
    rule.status = 'Cancelled';
  } else if (roll < 0.4 && oldEnoughToExpire) {
    rule.expirationDate = isoDate(rule.createdAt + random.int(DAY_MS, nowMs - rule.createdAt - 2 * DAY_MS));
  } else if (random.chance(0.3)) {
    rule.expirationDate = isoDate(nowMs + random.int(30, 365) * DAY_MS);
  }
  if (rule.type === 'drawdownPositivePay' && rule.status !== 'Cancelled' && random.chance(0.5)) {
    rule.document = { contentType: 'application/pdf', bytes: SAMPLE_PDF, uploadedAt: rule.createdAt + random.int(60_000, DAY_MS) };
    rule.status = 'Active';
  }
}

export function fillRules(state: EmulatorState, random: SeededRandom): { rules: number; accounts: string[] } {
  const nowMs = state.clock.now();
  const fixtureAccount = state.positivePay.account(state.fixtures.accountId)!;
  const others = Array.from({ length: OTHER_ACCOUNTS }, () => createAccount(state, fixtureAccount.depositProductId).id);
  const owners = [
    ...Array.from({ length: RULES_ON_FIXTURE_ACCOUNT }, () => fixtureAccount.id),
    ...Array.from({ length: RULES_ON_OTHER_ACCOUNTS }, () => random.pick(others)),
  ];
  const createdAts = owners.map(() => nowMs - random.int(60 * 60 * 1000, HISTORY_DAYS * DAY_MS)).sort((a, b) => a - b);
  // Shuffle owners so the fixture account's rules interleave with everyone else's.
  for (let i = owners.length - 1; i > 0; i -= 1) {
    const j = random.int(i + 1);
    [owners[i], owners[j]] = [owners[j]!, owners[i]!];
  }
  owners.forEach((accountId, index) => {
    const type = random.pick(RULE_TYPES);
    const createdAt = createdAts[index]!;
    const rule: PositivePayRule = {
      id: state.ids.next('positivePay'),
      type,
      accountId,
      createdAt,
      status: type === 'drawdownPositivePay' ? 'AwaitingDocuments' : 'Active',
      ...typeAttributes(type, random),
    };
    if (random.chance(0.4))
      rule.tags = { owner: `tenant-${random.int(1, 9)}`, purpose: random.pick(['payroll', 'vendors', 'rent', 'test']) };
    lifecycle(rule, nowMs, random);
    state.positivePay.addRule(rule);
  });
  return { rules: owners.length, accounts: others };
}
