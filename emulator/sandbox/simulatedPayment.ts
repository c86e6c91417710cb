import type { PaymentType } from '../core/domain.ts';
import { SIMULATION_ROUTES, type SimulationKind } from '../../contract/facts/simulationRoutes.ts';
import { invalid } from '../core/jsonApi.ts';
import { optionalCents, optionalString, readRelationship, readResource, type ResourceObject } from '../core/requestBody.ts';

// Simulated incoming payments (capability paymentSimulation; the documents say
// the sandbox simulates received ACH payments but leave the operations out).
// One request type per path; every failure names the member.

export type SimulatedPayment =
  | {
      kind: Extract<SimulationKind, `ReceivedAch${string}`>;
      accountId: string;
      amount: number;
      originatorName?: string;
      originatorEntityId?: string;
      description?: string;
    }
  | { kind: Extract<SimulationKind, 'CheckPayment'>; accountId: string; amount: number; checkNumber: string; payeeName?: string }
  | {
      kind: Extract<SimulationKind, 'WireDrawdown'>;
      accountId: string;
      amount: number;
      positivePayId?: string;
      counterparty: { name: string; routingNumber: string; accountNumber: string };
    };

export const isOptInType = (kind: SimulationKind): kind is PaymentType => kind !== 'WireDrawdown';

function requiredAmount(resource: ResourceObject): number {
  const amount = optionalCents(resource, 'amount');
  if (amount === undefined || amount === 0)
    throw invalid('/data/attributes/amount', 'amount is required and must be a positive integer number of cents');
  return amount;
}

function optionalText(resource: ResourceObject, name: string): string | undefined {
  const value = optionalString(resource, name);
  if (value === '') throw invalid(`/data/attributes/${name}`, `${name} must not be empty`);
  return value;
}

function counterparty(resource: ResourceObject) {
  const value = resource.attributes.counterparty;
  const fallback = { name: 'Drawdown requester', routingNumber: '021000021', accountNumber: '000123456789' };
  if (value === undefined) return fallback;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid('/data/attributes/counterparty', 'counterparty must be an object');
  const given = value as Record<string, unknown>;
  for (const member of ['name', 'routingNumber', 'accountNumber'] as const) {
    if (given[member] !== undefined && typeof given[member] !== 'string') {
      throw invalid(`/data/attributes/counterparty/${member}`, `counterparty.${member} must be a string`);
    }
  }
  return { ...fallback, ...(given as Partial<typeof fallback>) };
}

function positivePayId(resource: ResourceObject): string | undefined {
  const relationship = resource.relationships.positivePay;
  if (relationship === undefined) return undefined;
  const data = (relationship as { data?: { id?: unknown } } | null)?.data;
  if (typeof data !== 'object' || data === null || typeof data.id !== 'string' || data.id === '') {
    throw invalid('/data/relationships/positivePay/data/id', 'positivePay must be {data: {type, id}} with a non-empty id');
  }
  return data.id;
}

export function readSimulatedPayment(kind: SimulationKind, body: unknown): SimulatedPayment {
  const resource = readResource(body, [SIMULATION_ROUTES[kind].type]);
  const accountId = readRelationship(resource, 'account', 'account');
  const amount = requiredAmount(resource);
  if (kind === 'CheckPayment') {
    const checkNumber = optionalText(resource, 'checkNumber');
    if (checkNumber === undefined) throw invalid('/data/attributes/checkNumber', 'checkNumber is required');
    const payeeName = optionalText(resource, 'payeeName');
    return { kind, accountId, amount, checkNumber, ...(payeeName !== undefined ? { payeeName } : {}) };
  }
  if (kind === 'WireDrawdown') {
    const id = positivePayId(resource);
    return { kind, accountId, amount, counterparty: counterparty(resource), ...(id !== undefined ? { positivePayId: id } : {}) };
  }
  const originatorName = optionalText(resource, 'originatorName');
  const originatorEntityId = optionalText(resource, 'originatorEntityId');
  if (originatorName === undefined && originatorEntityId === undefined) {
    throw invalid('/data/attributes/originatorName', 'an ACH payment needs originatorName or originatorEntityId');
  }
  const description = optionalText(resource, 'description');
  return {
    kind,
    accountId,
    amount,
    ...(originatorName !== undefined ? { originatorName } : {}),
    ...(originatorEntityId !== undefined ? { originatorEntityId } : {}),
    ...(description !== undefined ? { description } : {}),
  };
}
