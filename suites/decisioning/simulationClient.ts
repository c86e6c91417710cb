import type { ApiResponse } from '../../harness/apiClient.ts';
import type { ObservedDecision } from '../../harness/decisionJudgement.ts';
import type { ModelPayment } from '../../harness/decisionModel.ts';
import type { ScenarioContext } from '../../harness/scenario.ts';
import { schemaRegistry } from '../../harness/schemaRegistry.ts';

// The payment simulations (capability paymentSimulation; shapes in
// docs/sandbox-simulation.md and schemas/sandbox/). A 4xx answer is kept as the
// decision `Refused` (a drawdown without a rule id may be refused as invalid); any
// other unexpected answer throws, making the scenario UNTESTABLE.

export const REFUSED = 'Refused';

const ROUTES: Record<ModelPayment['kind'], { path: string; type: string }> = {
  ReceivedAchDebit: { path: '/sandbox/received-ach-debits', type: 'receivedAchDebitSimulation' },
  ReceivedAchCredit: { path: '/sandbox/received-ach-credits', type: 'receivedAchCreditSimulation' },
  CheckPayment: { path: '/sandbox/check-payments', type: 'checkPaymentSimulation' },
  WireDrawdown: { path: '/sandbox/wire-drawdowns', type: 'wireDrawdownSimulation' },
};

export interface Simulated {
  observed: ObservedDecision;
  response: ApiResponse;
  /** The target's timestamp of the decision (for event look-ups). */
  createdAt?: string;
  transactionId?: string;
}

function requestBody(payment: ModelPayment) {
  const { kind, accountId, ...rest } = payment;
  const relationships: Record<string, unknown> = { account: { data: { type: 'account', id: accountId } } };
  let attributes: Record<string, unknown> = rest;
  if (payment.kind === 'WireDrawdown') {
    const { positivePayId, ...others } = rest as { positivePayId?: string };
    attributes = others;
    if (positivePayId !== undefined) relationships.positivePay = { data: { type: 'drawdownPositivePay', id: positivePayId } };
  }
  return { data: { type: ROUTES[kind].type, attributes, relationships } };
}

export async function simulate(ctx: ScenarioContext, payment: ModelPayment): Promise<Simulated> {
  const route = ROUTES[payment.kind];
  const response = await ctx.api.send('POST', route.path, { body: requestBody(payment) });
  if (response.status >= 400 && response.status < 500) return { observed: { status: REFUSED }, response };
  const shape = schemaRegistry().validate('sandbox/payment-decision', response.body);
  if (response.status < 200 || response.status >= 300 || !shape.valid) {
    throw new Error(`POST ${route.path} answered ${response.status}${shape.valid ? '' : ` with a body that is not a payment decision (${shape.violations[0]?.message})`}`);
  }
  const data = response.body.data;
  const transactionId: string | undefined = data.relationships?.transaction?.data?.id;
  const transaction = (response.body.included ?? []).find((item: any) => item.id === transactionId);
  const observed: ObservedDecision = { status: data.attributes.status };
  const ruleId = data.relationships?.positivePay?.data?.id;
  if (ruleId !== undefined) observed.ruleId = ruleId;
  if (transactionId !== undefined) observed.transaction = { id: transactionId, tags: transaction?.attributes?.tags ?? {} };
  return { observed, response, createdAt: data.attributes.createdAt, ...(transactionId ? { transactionId } : {}) };
}
