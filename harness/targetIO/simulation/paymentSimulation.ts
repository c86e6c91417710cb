import type { ApiResponse, RequestOptions } from '../apiClient.ts';
import type { SimulationKind } from '../../../contract/facts/simulationRoutes.ts';

// Payment simulation is how a sandbox is made to RECEIVE a payment so its
// positive pay decision can be judged (API 1: "on receipt of a payment the
// service evaluates it"). The operations are outside the documents ("the sandbox
// can also simulate received ACH payments … outside this document"), so each
// vendor's differ: an adapter translates. The emulator's own is the built-in one
// (emulatorSimulation.ts); a manifest names another with `"simulation": "./my-adapter.ts"`.

/** A payment to receive: an ACH debit or credit, a check, or a wire drawdown (API 1, 2.5). */
export type SimulatedPayment =
  | {
      kind: Extract<SimulationKind, `ReceivedAch${string}`>;
      accountId: string;
      amount: number;
      originatorName?: string;
      originatorEntityId?: string;
    }
  | { kind: Extract<SimulationKind, 'CheckPayment'>; accountId: string; amount: number; checkNumber: string; payeeName?: string }
  | { kind: Extract<SimulationKind, 'WireDrawdown'>; accountId: string; amount: number; positivePayId?: string };

/** What a target decided about one payment, as the decisioning oracle judges it (suites/decisioning/decisionJudgement.ts). */
export interface ObservedDecision {
  status: string;
  /** The rule the target says it matched (or, for a drawdown, reviewed against). */
  ruleId?: string;
  /** Present when the payment created a transaction. */
  transaction?: { id: string; tags: Record<string, unknown> };
}

/** The status a refused simulation request is reported as (a drawdown without a rule id may be refused as invalid). */
export const REFUSED = 'Refused';

export interface SimulationResult {
  /**
   * What the target decided: `status` is Processed, Blocked, Rejected, PendingReview (the
   * decision model's vocabulary) or REFUSED; `ruleId` the rule it matched; `transaction`
   * the transaction a processed payment created, with its tags.
   */
  decision: ObservedDecision;
  /** The exchange that shows the decision (evidence in reports). */
  response: ApiResponse;
  /** The target's timestamp of the decision, for finding the events it fired. */
  createdAt?: string;
}

/** The slice of the suite's HTTP client an adapter uses: the run's token, time-out judgement and redaction. */
export interface SimulationHttp {
  send(method: string, path: string, options?: RequestOptions): Promise<ApiResponse>;
}

export interface PaymentSimulationAdapter {
  /** Shown in reports and errors. */
  readonly name: string;
  /**
   * Makes the target receive the payment and reports its decision. Throw when the
   * target answers something that is not a decision: the scenario then reports its
   * requirements UNTESTABLE with the message.
   */
  receive(payment: SimulatedPayment, http: SimulationHttp): Promise<SimulationResult>;
}
