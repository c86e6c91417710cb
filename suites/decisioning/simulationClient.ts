import type { ApiResponse } from '../../harness/targetIO/apiClient.ts';
import type { ObservedDecision } from '../../harness/targetIO/simulation/paymentSimulation.ts';
import type { ModelPayment } from './decisionModel.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';

// The decisioning scenarios' one way to make the target receive a payment: the
// run's simulation adapter (harness/simulation/), the emulator's unless the
// manifest names another.

export { REFUSED } from '../../harness/targetIO/simulation/paymentSimulation.ts';

export interface Simulated {
  observed: ObservedDecision;
  response: ApiResponse;
  /** The target's timestamp of the decision (for event look-ups). */
  createdAt?: string;
  transactionId?: string;
}

export async function simulate(ctx: ScenarioContext, payment: ModelPayment): Promise<Simulated> {
  const { decision, response, createdAt } = await ctx.simulation.receive(payment, ctx.api);
  const transactionId = decision.transaction?.id;
  return { observed: decision, response, ...(createdAt ? { createdAt } : {}), ...(transactionId ? { transactionId } : {}) };
}
