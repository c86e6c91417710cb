import { RULE_TYPES, type PositivePayRule, type RuleType } from '../core/domain.ts';
import type { EmulatorState } from '../core/emulatorState.ts';
import { ApiError, invalid } from '../core/jsonApi.ts';
import {
  optionalCents,
  optionalDate,
  optionalString,
  optionalTags,
  readRelationship,
  readResource,
  type ResourceObject,
} from '../core/requestBody.ts';
import { faultOn } from './faultSwitch.ts';

// Reads POST /positive-pay (sections 2.4, 2.5, 4.2, 7) into the fields of a new
// rule. Every refusal names the member by JSON pointer.

export type RuleFields = Omit<PositivePayRule, 'id' | 'createdAt' | 'status'>;

const ORIGINATOR_TYPES: readonly RuleType[] = ['receivedAchDebitPositivePay', 'receivedAchCreditPositivePay'];

function requiredString(resource: ResourceObject, name: string): string {
  const value = optionalString(resource, name);
  if (value === undefined) throw invalid(`/data/attributes/${name}`, `${name} is required for ${resource.type}`);
  return value;
}

/** Integer cents (Conventions); the seeded fault fractional-amount-truncated takes 1234.5 as 1234 instead. */
function cents(state: Pick<EmulatorState, 'faults'>, resource: ResourceObject, name: string): number | undefined {
  const value = resource.attributes[name];
  const fractional = typeof value === 'number' && value >= 0 && Number.isFinite(value) && !Number.isInteger(value);
  if (fractional && faultOn(state, 'fractional-amount-truncated')) return Math.trunc(value);
  return optionalCents(resource, name);
}

function requiredCents(state: Pick<EmulatorState, 'faults'>, resource: ResourceObject, name: string): number {
  const value = cents(state, resource, name);
  if (value === undefined) throw invalid(`/data/attributes/${name}`, `${name} is required for ${resource.type}`);
  return value;
}

/** The account must exist; the emulator answers 404 naming the relationship member. */
export function existingAccountId(state: Pick<EmulatorState, 'accounts'>, resource: ResourceObject): string {
  const accountId = readRelationship(resource, 'account', 'account');
  if (!state.accounts.has(accountId)) {
    throw new ApiError(404, 'Not found', `account '${accountId}' does not exist`, { pointer: '/data/relationships/account/data/id' });
  }
  return accountId;
}

function originatorFields(state: Pick<EmulatorState, 'faults'>, resource: ResourceObject): Partial<RuleFields> {
  const originatorName = optionalString(resource, 'originatorName');
  const originatorEntityId = optionalString(resource, 'originatorEntityId');
  if (originatorName === undefined && originatorEntityId === undefined && !faultOn(state, 'invalid-rule-answered-201')) {
    throw invalid('/data/attributes/originatorName', 'at least one of originatorName and originatorEntityId is required');
  }
  return { originatorName, originatorEntityId, amount: cents(state, resource, 'amount') };
}

function checkFields(state: Pick<EmulatorState, 'faults'>, resource: ResourceObject): Partial<RuleFields> {
  const checkNumber = faultOn(state, 'check-number-not-required')
    ? optionalString(resource, 'checkNumber')
    : requiredString(resource, 'checkNumber');
  return { checkNumber, amount: requiredCents(state, resource, 'amount'), payeeName: optionalString(resource, 'payeeName') };
}

/** The rule type data.type names; with the fault, an unknown one is taken for a drawdown rule. */
function ruleTypeOf(state: Pick<EmulatorState, 'faults'>, body: unknown): { resource: ResourceObject; type: RuleType } {
  const data = (body as { data?: { type?: unknown } } | null)?.data;
  const unknownType = typeof data?.type === 'string' && !(RULE_TYPES as readonly string[]).includes(data.type);
  if (unknownType && faultOn(state, 'unknown-rule-type-created-as-drawdown')) {
    return { resource: readResource(body, [data.type as string]), type: 'drawdownPositivePay' };
  }
  const resource = readResource(body, RULE_TYPES);
  return { resource, type: resource.type as RuleType };
}

export function readRuleRequest(state: Pick<EmulatorState, 'accounts' | 'faults'>, body: unknown): RuleFields {
  const { resource, type } = ruleTypeOf(state, body);
  const specific = ORIGINATOR_TYPES.includes(type)
    ? originatorFields(state, resource)
    : type === 'checkPaymentPositivePay'
      ? checkFields(state, resource)
      : {};
  const fields: RuleFields = {
    type,
    accountId: existingAccountId(state, resource),
    expirationDate: optionalDate(resource, 'expirationDate'),
    tags: optionalTags(resource),
    ...specific,
  };
  // Drop undefined members so that rendering echoes exactly what was submitted.
  for (const key of Object.keys(fields) as Array<keyof RuleFields>) if (fields[key] === undefined) delete fields[key];
  return fields;
}
