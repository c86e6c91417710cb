import { RULE_TYPES, type PositivePayRule, type RuleType } from '../core/domain.ts';
import type { EmulatorState } from '../core/emulatorState.ts';
import { ApiError, invalid } from '../core/jsonApi.ts';
import { optionalString, optionalTags, readRelationship, readResource, type ResourceObject } from '../core/requestBody.ts';
import type { PositivePayBehaviour } from './positivePayBehaviour.ts';

// Reads POST /positive-pay (sections 2.4, 2.5, 4.2, 7) into the fields of a new
// rule. Every refusal names the member by JSON pointer.

export type RuleFields = Omit<PositivePayRule, 'id' | 'createdAt' | 'status'>;

/** Sections 2.5 and 7: the rule types that name an originator. */
export const ORIGINATOR_TYPES: readonly RuleType[] = ['receivedAchDebitPositivePay', 'receivedAchCreditPositivePay'];

function requiredString(resource: ResourceObject, name: string): string {
  const value = optionalString(resource, name);
  if (value === undefined) throw invalid(`/data/attributes/${name}`, `${name} is required for ${resource.type}`);
  return value;
}

function requiredCents(behaviour: PositivePayBehaviour, resource: ResourceObject, name: string): number {
  const value = behaviour.readCents(resource, name);
  if (value === undefined) throw invalid(`/data/attributes/${name}`, `${name} is required for ${resource.type}`);
  return value;
}

/** The account must exist; the emulator answers 404 naming the relationship member. */
export function existingAccountId(state: Pick<EmulatorState, 'positivePay'>, resource: ResourceObject): string {
  const accountId = readRelationship(resource, 'account', 'account');
  if (!state.positivePay.account(accountId)) {
    throw new ApiError(404, 'Not found', `account '${accountId}' does not exist`, { pointer: '/data/relationships/account/data/id' });
  }
  return accountId;
}

function originatorFields(behaviour: PositivePayBehaviour, resource: ResourceObject): Partial<RuleFields> {
  const originatorName = optionalString(resource, 'originatorName');
  const originatorEntityId = optionalString(resource, 'originatorEntityId');
  if (originatorName === undefined && originatorEntityId === undefined && behaviour.requiresOriginator) {
    throw invalid('/data/attributes/originatorName', 'at least one of originatorName and originatorEntityId is required');
  }
  return { originatorName, originatorEntityId, amount: behaviour.readCents(resource, 'amount') };
}

function checkFields(behaviour: PositivePayBehaviour, resource: ResourceObject): Partial<RuleFields> {
  const checkNumber = behaviour.requiresCheckNumber ? requiredString(resource, 'checkNumber') : optionalString(resource, 'checkNumber');
  return { checkNumber, amount: requiredCents(behaviour, resource, 'amount'), payeeName: optionalString(resource, 'payeeName') };
}

/** The rule type data.type names, or the one the behaviour takes an unknown one for. */
function ruleTypeOf(behaviour: PositivePayBehaviour, body: unknown): { resource: ResourceObject; type: RuleType } {
  const data = (body as { data?: { type?: unknown } } | null)?.data;
  const unknownType = typeof data?.type === 'string' && !(RULE_TYPES as readonly string[]).includes(data.type);
  if (unknownType && behaviour.unknownRuleTypeTakenAs !== undefined) {
    return { resource: readResource(body, [data.type as string]), type: behaviour.unknownRuleTypeTakenAs };
  }
  const resource = readResource(body, RULE_TYPES);
  return { resource, type: resource.type as RuleType };
}

export function readRuleRequest(state: Pick<EmulatorState, 'positivePay'>, behaviour: PositivePayBehaviour, body: unknown): RuleFields {
  const { resource, type } = ruleTypeOf(behaviour, body);
  const specific = ORIGINATOR_TYPES.includes(type)
    ? originatorFields(behaviour, resource)
    : type === 'checkPaymentPositivePay'
      ? checkFields(behaviour, resource)
      : {};
  const fields: RuleFields = {
    type,
    accountId: existingAccountId(state, resource),
    expirationDate: behaviour.readDate(resource, 'expirationDate'),
    tags: optionalTags(resource),
    ...specific,
  };
  // Drop undefined members so that rendering echoes exactly what was submitted.
  for (const key of Object.keys(fields) as Array<keyof RuleFields>) if (fields[key] === undefined) delete fields[key];
  return fields;
}
