import type { FastifyInstance } from 'fastify';
import type { Account, PositivePayRule } from '../core/domain.ts';
import type { EmulatorState } from '../core/emulatorState.ts';
import { ApiError, sendDocument } from '../core/jsonApi.ts';
import { type Decision, decide } from './positivePayDecision.ts';
import type { SandboxBehaviour } from './sandboxBehaviour.ts';
import type { SandboxStore, Transaction } from './sandboxRecords.ts';
import { SIMULATION_ROUTES, type SimulationKind } from '../../contract/facts/simulationRoutes.ts';
import { readSimulatedPayment, type SimulatedPayment } from './simulatedPayment.ts';

// POST /sandbox/<payment> (capability paymentSimulation): simulate an incoming
// payment, decide it by positive pay, apply the consequences, answer the decision
// (docs/sandbox-simulation.md). Consequences: a processed ACH or check payment
// creates a transaction carrying the matched rule's tags (2.4) and fires
// transaction.created; a blocked one is not processed and fires
// declinedIncomingPayment.created (7); a drawdown that passes goes to manual
// review (1.3, 3.1) and fires wireDrawdown.created.

const iso = (ms: number): string => new Date(ms).toISOString();
const accountRef = (account: Account) => ({ data: { type: 'depositAccount', id: account.id } });
const customerRef = (account: Account) => ({ data: { type: 'customer', id: account.customerId } });
const summaryOf = (payment: SimulatedPayment): string => {
  if (payment.kind === 'CheckPayment') return `Check #${payment.checkNumber}`;
  if (payment.kind === 'WireDrawdown') return 'Wire drawdown';
  return `ACH from ${payment.originatorName ?? payment.originatorEntityId}`;
};
const creditOf = (payment: SimulatedPayment): boolean => payment.kind === 'ReceivedAchCredit';

function renderTransaction(transaction: Transaction) {
  return {
    type: transaction.type,
    id: transaction.id,
    attributes: {
      createdAt: iso(transaction.createdAt),
      direction: transaction.direction,
      amount: transaction.amount,
      balance: transaction.balance,
      summary: transaction.summary,
      tags: transaction.tags,
    },
    relationships: {
      account: { data: { type: 'depositAccount', id: transaction.accountId } },
      customer: { data: { type: 'customer', id: transaction.customerId } },
      payment: {
        data: { type: transaction.type === 'receivedAchTransaction' ? 'receivedPayment' : 'checkPayment', id: transaction.paymentId },
      },
    },
  };
}

class PaymentConsequences {
  constructor(
    private readonly state: EmulatorState,
    private readonly store: SandboxStore,
    private readonly behaviour: SandboxBehaviour,
  ) {}

  process(account: Account, paymentId: string, payment: SimulatedPayment, decision: Decision): Transaction {
    const direction = creditOf(payment) ? 'Credit' : 'Debit';
    const tags = this.behaviour.transactionTags(decision.rule);
    const balance = this.store.post(account.id, direction === 'Credit' ? payment.amount : -payment.amount);
    const transaction: Transaction = {
      id: this.state.ids.next('transaction'),
      type: payment.kind === 'CheckPayment' ? 'checkPaymentTransaction' : 'receivedAchTransaction',
      accountId: account.id,
      customerId: account.customerId,
      paymentId,
      createdAt: this.state.clock.stamp(),
      direction,
      amount: payment.amount,
      balance,
      summary: summaryOf(payment),
      tags,
    };
    this.store.transactions.set(transaction.id, transaction);
    const rendered = renderTransaction(transaction);
    this.state.events.publish({
      type: 'transaction.created',
      attributes: {
        summary: transaction.summary,
        direction,
        amount: transaction.amount,
        available: balance,
        balance,
        tags: transaction.tags,
      },
      relationships: {
        transaction: { data: { type: transaction.type, id: transaction.id } },
        account: accountRef(account),
        customer: customerRef(account),
        payment: rendered.relationships.payment,
      },
      included: [rendered],
    });
    return transaction;
  }

  decline(account: Account, payment: SimulatedPayment): void {
    this.state.events.publish({
      type: 'declinedIncomingPayment.created',
      attributes: {
        amount: payment.amount,
        direction: creditOf(payment) ? 'Credit' : 'Debit',
        reason: 'PositivePay',
        paymentType: payment.kind === 'CheckPayment' ? 'CheckPayment' : 'AchPayment',
      },
      relationships: { account: accountRef(account), customer: customerRef(account) },
    });
  }

  reviewDrawdown(
    account: Account,
    paymentId: string,
    payment: Extract<SimulatedPayment, { kind: 'WireDrawdown' }>,
    rule: PositivePayRule | undefined,
  ): void {
    const tags = this.behaviour.drawdownEventTags(rule);
    this.state.events.publish({
      type: 'wireDrawdown.created',
      attributes: { amount: payment.amount, direction: 'Incoming', counterparty: payment.counterparty, ...(tags ? { tags } : {}) },
      relationships: {
        wireDrawdown: { data: { type: 'wireDrawdown', id: paymentId } },
        customer: customerRef(account),
        account: accountRef(account),
      },
    });
  }
}

export function registerPaymentSimulationRoutes(
  app: FastifyInstance,
  state: EmulatorState,
  store: SandboxStore,
  behaviour: SandboxBehaviour,
): void {
  const consequences = new PaymentConsequences(state, store, behaviour);
  for (const [kind, { path }] of Object.entries(SIMULATION_ROUTES) as Array<[SimulationKind, (typeof SIMULATION_ROUTES)[SimulationKind]]>) {
    app.post(path, { config: { recordsEvents: true } }, async (request, reply) => {
      const payment = readSimulatedPayment(kind, request.body);
      const account = state.positivePay.account(payment.accountId);
      if (!account) {
        throw new ApiError(404, 'Not found', `account '${payment.accountId}' does not exist`, {
          pointer: '/data/relationships/account/data/id',
        });
      }
      const paymentId = state.ids.next('simulatedPayment');
      const decision = decide(state, behaviour, payment);
      let transaction: Transaction | undefined;
      if (decision.status === 'Processed') transaction = consequences.process(account, paymentId, payment, decision);
      else if (decision.status === 'Blocked') consequences.decline(account, payment);
      else if (decision.status === 'PendingReview' && payment.kind === 'WireDrawdown')
        consequences.reviewDrawdown(account, paymentId, payment, decision.rule);

      const relationships: Record<string, unknown> = { account: accountRef(account) };
      if (decision.rule) relationships.positivePay = { data: { type: decision.rule.type, id: decision.rule.id } };
      if (transaction) relationships.transaction = { data: { type: transaction.type, id: transaction.id } };
      return sendDocument(reply, 201, {
        data: {
          type: 'paymentDecision',
          id: paymentId,
          attributes: {
            createdAt: iso(state.clock.stamp()),
            paymentType: payment.kind,
            amount: payment.amount,
            status: decision.status,
            reason: decision.reason,
            optedIn: decision.optedIn,
          },
          relationships,
        },
        included: transaction ? [renderTransaction(transaction)] : [],
      });
    });
  }
}
