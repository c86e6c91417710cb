import { schemaRegistry } from '../../../contract/catalogue/schemaRegistry.ts';
import { SIMULATION_ROUTES } from '../../../contract/facts/simulationRoutes.ts';
import { type ObservedDecision, type PaymentSimulationAdapter, REFUSED, type SimulatedPayment } from './paymentSimulation.ts';

// The built-in adapter: the reference emulator's simulation operations
// (docs/sandbox-simulation.md, schemas/sandbox/), one POST per kind of payment
// answering a payment-decision document.

function requestBody(payment: SimulatedPayment) {
  const { kind, accountId, ...rest } = payment;
  const relationships: Record<string, unknown> = { account: { data: { type: 'account', id: accountId } } };
  let attributes: Record<string, unknown> = rest;
  if (payment.kind === 'WireDrawdown') {
    const { positivePayId, ...others } = rest as { positivePayId?: string };
    attributes = others;
    if (positivePayId !== undefined) relationships.positivePay = { data: { type: 'drawdownPositivePay', id: positivePayId } };
  }
  return { data: { type: SIMULATION_ROUTES[kind].type, attributes, relationships } };
}

export const emulatorSimulation: PaymentSimulationAdapter = {
  name: 'reference emulator (built in)',
  async receive(payment, http) {
    const route = SIMULATION_ROUTES[payment.kind];
    const response = await http.send('POST', route.path, { body: requestBody(payment) });
    if (response.status >= 400 && response.status < 500) return { decision: { status: REFUSED }, response };
    // Only what is read must be there: a member that deviates elsewhere is no reason to stop deciding.
    const data = response.body?.data;
    if (response.status < 200 || response.status >= 300 || typeof data?.attributes?.status !== 'string') {
      const shape = schemaRegistry().validate('sandbox/payment-decision', response.body);
      throw new Error(
        `POST ${route.path} answered ${response.status}${shape.valid ? '' : ` without a readable payment decision status (${shape.violations[0]?.message})`}`,
      );
    }
    const transactionId: string | undefined = data.relationships?.transaction?.data?.id;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const transaction = (response.body.included ?? []).find((item: any) => item.id === transactionId);
    const decision: ObservedDecision = { status: data.attributes.status };
    const ruleId = data.relationships?.positivePay?.data?.id;
    if (ruleId !== undefined) decision.ruleId = ruleId;
    if (transactionId !== undefined) decision.transaction = { id: transactionId, tags: transaction?.attributes?.tags ?? {} };
    return { decision, response, ...(data.attributes.createdAt ? { createdAt: data.attributes.createdAt } : {}) };
  },
};
