import { futureInEveryZone, type ModelAccount, type ModelPayment, type ModelRule, type OptInType } from './decisionModel.ts';
import type { RuleSpec, TargetWorld } from './targetWorld.ts';

// Builds one decisioning situation on the target (accounts, rules, uploads,
// cancels) and turns a payment description into the model's payment, shared by
// the fixed examples and the generated cases.

export interface CaseSpec {
  productOptIn: readonly OptInType[];
  accountOptIn?: readonly OptInType[];
  rules: ReadonlyArray<RuleSpec & { ruleAccount?: 'other' }>;
  steps?: ReadonlyArray<{ upload: number } | { cancel: number } | { advanceDays: number }>;
}

export interface BuiltCase {
  account: ModelAccount;
  rules: ModelRule[];
  today: string;
  /**
   * Uploads and cancels the target answered 2xx that left the rule elsewhere than the step moves
   * it (read back: targetWorld.ts), described. The model follows the status read; a case that
   * needed the step taken is not the one described (those steps are judged by PP-UPLOAD-ACTIVATES
   * and PP-CANCEL).
   */
  untaken: string[];
}

/** An id no rule has: the drawdown's "unknown rule" reference. */
export const UNKNOWN_RULE_ID = 'conformance-no-such-rule';

/**
 * Steps whose outcome the documents define: an upload moves a drawdown rule from
 * AwaitingDocuments to Active (3.1) — uploads to other rules, or to a rule that may already
 * be at or past its expirationDate in the service's time zone (not stated), are not described; a cancel acts on a rule that is
 * not yet Cancelled (which starting states permit cancel is not shown, 3.1 rule 3).
 */
function definedStep(step: { upload: number } | { cancel: number }, rule: ModelRule, today: string): boolean {
  if ('cancel' in step) return rule.status !== 'Cancelled';
  return (
    rule.type === 'drawdownPositivePay' &&
    rule.status === 'AwaitingDocuments' &&
    (rule.expirationDate === undefined || futureInEveryZone(rule.expirationDate, today))
  );
}

export async function buildCase(world: TargetWorld, spec: CaseSpec, today?: string): Promise<BuiltCase> {
  let day = today ?? (await world.today());
  const account = await world.account(spec.productOptIn, spec.accountOptIn);
  const needsOther = spec.rules.some((rule) => rule.ruleAccount === 'other');
  const other = needsOther ? await world.account(spec.productOptIn) : undefined;
  const rules: ModelRule[] = [];
  const untaken: string[] = [];
  for (const { ruleAccount, ...rule } of spec.rules) {
    rules.push(await world.createRule(ruleAccount === 'other' && other ? other.id : account.id, rule, day));
  }
  for (const step of spec.steps ?? []) {
    if ('advanceDays' in step) {
      await world.advanceDays(step.advanceDays);
      day = await world.today();
      continue;
    }
    const rule = rules['upload' in step ? step.upload : step.cancel];
    if (!rule) continue;
    if ('cancel' in step) {
      if (definedStep(step, rule, day)) {
        await world.cancel(rule);
        if (rule.status !== 'Cancelled') untaken.push(`rule ${rule.id} reads ${rule.status} after a cancel answered 2xx`);
      }
      continue;
    }
    // The target's clock is shared and may have moved since the rule was made (another scenario
    // advancing it, a wait out of throttling across midnight): whether an upload is defined is
    // decided by its today at the upload, read before and, if the upload is refused, after it.
    day = await world.today();
    if (!definedStep(step, rule, day)) continue;
    try {
      await world.uploadDocument(rule);
      if (rule.status !== 'Active') untaken.push(`rule ${rule.id} reads ${rule.status} after an upload answered 2xx`);
    } catch (error) {
      day = await world.today();
      if (definedStep(step, rule, day)) throw error;
    }
  }
  return { account, rules, today: day, untaken };
}

export type PaymentDescription =
  | { kind: 'ReceivedAchDebit' | 'ReceivedAchCredit'; amount: number; originatorName?: string; originatorEntityId?: string }
  | { kind: 'CheckPayment'; amount: number; checkNumber: string; payeeName?: string }
  | { kind: 'WireDrawdown'; amount: number; rule: number | 'none' | 'unknown' };

export function toModelPayment(description: PaymentDescription, built: Pick<BuiltCase, 'account' | 'rules' | 'today'>): ModelPayment {
  const accountId = built.account.id;
  if (description.kind !== 'WireDrawdown') return { ...description, accountId };
  const { rule, amount } = description;
  if (rule === 'none') return { kind: 'WireDrawdown', accountId, amount };
  const positivePayId = rule === 'unknown' ? UNKNOWN_RULE_ID : (built.rules[rule]?.id ?? UNKNOWN_RULE_ID);
  return { kind: 'WireDrawdown', accountId, amount, positivePayId };
}
