import type { ApiResponse } from '../../harness/targetIO/apiClient.ts';
import { carriesTags } from './decisionJudgement.ts';
import { defineScenario, type Scenario, type ScenarioContext } from '../../harness/engine/scenario.ts';
import { absentListedMembers, describeAbsent } from '../shared/listedEventMembers.ts';
import { LISTED_MEMBERS_REQUIREMENT } from '../shared/catalogueChecks.ts';
import { eventShapeProblems, findEvents, listEvents, relatedTo, sinceBefore } from '../shared/eventLookup.ts';
import { buildCase, toModelPayment } from './caseSetup.ts';
import { simulate } from './simulationClient.ts';
import { TargetWorld } from './targetWorld.ts';

// What a decision leaves behind (API 2.4, 7; Event Catalog): the transaction of
// a matched payment carries the rule's tags and fires transaction.created; a
// blocked payment fires declinedIncomingPayment.created and no transaction; a
// drawdown that passes fires wireDrawdown.created. And decisions repeat (1.1).

const TAGS = { costCenter: 'CC-42', purpose: 'conformance-tag-inheritance' };

const missingMembers = (object: Record<string, unknown> | undefined, names: string[]): string[] =>
  names.filter((name) => object?.[name] === undefined);

async function since(ctx: ScenarioContext): Promise<string> {
  // The events of this scenario are newer than the target's clock now, minus a second of slack.
  if (ctx.control.has('clockControl')) return sinceBefore((await ctx.control.clock()).now);
  return sinceBefore(new Date(Date.now() - 60_000).toISOString());
}

const matchedPaymentScenario = defineScenario({
  id: 'decisioning/consequences/matched-payment-transaction',
  area: 'decisioning',
  requirements: ['DC-TAG-INHERITANCE', 'DC-TRANSACTION-CREATED-EVENT', LISTED_MEMBERS_REQUIREMENT],
  needs: ['paymentSimulation', 'fixtureProvisioning'],
  async run(ctx) {
    const world = new TargetWorld(ctx);
    const from = await since(ctx);
    const built = await buildCase(world, {
      productOptIn: ['CheckPayment'],
      rules: [{ type: 'checkPaymentPositivePay', checkNumber: '7001', amount: 42_000, tags: TAGS }],
    });
    const { observed, response, transactionId } = await simulate(
      ctx,
      toModelPayment({ kind: 'CheckPayment', amount: 42_000, checkNumber: '7001' }, built),
    );
    if (observed.status !== 'Processed' || !transactionId) {
      for (const id of this.requirements)
        ctx.check.untestable(
          id,
          `a check matching an Active rule was not processed (decided ${observed.status}); nothing to inspect`,
          response,
        );
      return;
    }
    // The account is fresh, so a transaction.created about it after `from` is this payment's even without a transaction relationship.
    const found = await findEvents(
      ctx,
      ['transaction.created'],
      from,
      (event) => relatedTo(event, 'transaction', transactionId) || relatedTo(event, 'account', built.account.id),
    );
    const event = found.events.find((candidate) => relatedTo(candidate, 'transaction', transactionId)) ?? found.events[0];
    const eventTags = event?.attributes?.tags;
    ctx.check.expect(
      'DC-TAG-INHERITANCE',
      carriesTags(observed.transaction?.tags, TAGS) && (eventTags === undefined || carriesTags(eventTags, TAGS)),
      `the transaction of a matched payment: expected the rule tags ${JSON.stringify(TAGS)} on it, and on its transaction.created if that carries tags; transaction tags ${JSON.stringify(observed.transaction?.tags)}, transaction.created tags ${eventTags === undefined ? 'absent (2.7: "may contain tags")' : JSON.stringify(eventTags)}`,
      [response, ...found.responses],
    );
    const problems = event ? eventShapeProblems(event) : [];
    ctx.check.expect(
      'DC-TRANSACTION-CREATED-EVENT',
      event !== undefined && problems.length === 0,
      event === undefined
        ? `a processed payment: expected transaction.created for transaction ${transactionId}; none found`
        : `transaction.created: expected its members of their documented types; ${problems.length ? problems.join('; ') : 'they are'}`,
      found.responses,
    );
    const absent = event ? absentListedMembers(event) : undefined;
    if (absent) {
      const lacking = describeAbsent(absent);
      ctx.check.expect(
        LISTED_MEMBERS_REQUIREMENT,
        lacking === '',
        `transaction.created: expected the members the Event Catalog lists; ${lacking ? `it lacks ${lacking}` : 'it carries them'}`,
        found.responses,
      );
    }
  },
});

const blockedPaymentScenario = defineScenario({
  id: 'decisioning/consequences/blocked-payment-declined',
  area: 'decisioning',
  requirements: ['DC-BLOCKED-DECLINED-EVENT'],
  needs: ['paymentSimulation', 'fixtureProvisioning'],
  async run(ctx) {
    const world = new TargetWorld(ctx);
    const from = await since(ctx);
    const built = await buildCase(world, { productOptIn: ['ReceivedAchDebit'], rules: [] });
    const accountId = built.account.id;
    const { observed, response } = await simulate(
      ctx,
      toModelPayment({ kind: 'ReceivedAchDebit', amount: 31_337, originatorName: 'Unlisted Originator' }, built),
    );
    if (observed.status !== 'Blocked') {
      ctx.check.untestable(
        'DC-BLOCKED-DECLINED-EVENT',
        `an opted-in ACH debit with no rule was not blocked (decided ${observed.status})`,
        response,
      );
      return;
    }
    const found = await findEvents(ctx, ['declinedIncomingPayment.created'], from, (event) => relatedTo(event, 'account', accountId));
    const transactions = await listEvents(ctx, ['transaction.created'], from);
    const stray = transactions.events.filter((event) => relatedTo(event, 'account', accountId));
    const event = found.events[0];
    const missing = event
      ? [...missingMembers(event.attributes, ['amount', 'direction', 'reason', 'paymentType']), ...eventShapeProblems(event)]
      : [];
    ctx.check.expect(
      'DC-BLOCKED-DECLINED-EVENT',
      event !== undefined && missing.length === 0 && event.attributes.amount === 31_337 && stray.length === 0,
      event === undefined
        ? `a blocked payment: expected declinedIncomingPayment.created for account ${accountId}; none found (${stray.length} transaction.created)`
        : `declinedIncomingPayment.created: expected amount 31337, direction, reason, paymentType, and no transaction.created after it; got ${JSON.stringify(event.attributes)}${missing.length ? ` (${missing.join('; ')})` : ''}, ${stray.length} transaction.created`,
      [response, ...found.responses, transactions.response],
    );
  },
});

/** A drawdown rule's own labels (2.4): values of the run's own, so that finding one elsewhere says where it came from. */
const drawdownLabels = (ctx: ScenarioContext) => ({ purpose: `conformance drawdown label ${ctx.faker.string.alphanumeric(10)}` });

/** Section 2.4: the drawdown rule's tags are the client's own labels; its event carrying them is a departure. */
function judgeOwnLabels(
  ctx: ScenarioContext,
  event: { attributes?: { tags?: Record<string, unknown> } },
  labels: Record<string, string>,
  responses: ApiResponse[],
): void {
  const tags = event?.attributes?.tags;
  const carried = Object.entries(labels).filter(([name, value]) => tags?.[name] === value);
  // Recorded, never judged: 2.7 lets an event carry tags inherited from the related resource request.
  ctx.check.observe(
    'DC-DRAWDOWN-TAGS-OWN-LABELS',
    { carriesRuleTags: carried.length > 0 },
    `wireDrawdown.created of a drawdown passed by a rule tagged ${JSON.stringify(labels)} ${carried.length ? `carries its tags ${JSON.stringify(Object.fromEntries(carried))}` : `carries ${tags === undefined ? 'no tags' : `tags ${JSON.stringify(tags)}, none of the rule's`}`}`,
    responses,
  );
}

const drawdownScenario = defineScenario({
  id: 'decisioning/consequences/drawdown-created',
  area: 'decisioning',
  requirements: ['DC-DRAWDOWN-CREATED-EVENT', 'DC-DRAWDOWN-TAGS-OWN-LABELS'],
  needs: ['paymentSimulation', 'fixtureProvisioning'],
  async run(ctx) {
    const world = new TargetWorld(ctx);
    const from = await since(ctx);
    const labels = drawdownLabels(ctx);
    const built = await buildCase(world, {
      productOptIn: [],
      rules: [{ type: 'drawdownPositivePay', tags: labels }],
      steps: [{ upload: 0 }],
    });
    const { observed, response } = await simulate(ctx, toModelPayment({ kind: 'WireDrawdown', amount: 123_456, rule: 0 }, built));
    if (observed.status !== 'PendingReview') {
      const why =
        built.untaken.length > 0
          ? `the drawdown rule could not be made Active (${built.untaken.join('; ')}), and the drawdown naming it was decided ${observed.status}`
          : `a drawdown naming an Active drawdown rule did not pass positive pay (decided ${observed.status})`;
      for (const id of ['DC-DRAWDOWN-CREATED-EVENT', 'DC-DRAWDOWN-TAGS-OWN-LABELS']) ctx.check.untestable(id, why, response);
      return;
    }
    const found = await findEvents(ctx, ['wireDrawdown.created'], from, (event) => relatedTo(event, 'account', built.account.id));
    const event = found.events[0];
    const counterparty = event?.attributes?.counterparty ?? {};
    const missing = event
      ? [
          ...missingMembers(event.attributes, ['amount', 'direction', 'counterparty']),
          ...missingMembers(counterparty, ['name', 'routingNumber', 'accountNumber']).map((name) => `counterparty.${name}`),
          ...missingMembers(event.relationships, ['wireDrawdown', 'customer', 'account']).map((name) => `relationships.${name}`),
          ...eventShapeProblems(event),
        ]
      : [];
    ctx.check.expect(
      'DC-DRAWDOWN-CREATED-EVENT',
      event !== undefined && missing.length === 0,
      event === undefined
        ? `a drawdown routed to review: expected wireDrawdown.created for account ${built.account.id}; none found`
        : `wireDrawdown.created: expected amount, direction, counterparty {name, routingNumber, accountNumber} and relationships wireDrawdown, customer, account; ${missing.length ? `missing ${missing.join(', ')}` : 'all present'}`,
      [response, ...found.responses],
    );
    if (event === undefined)
      ctx.check.skip(
        'DC-DRAWDOWN-TAGS-OWN-LABELS',
        `no wireDrawdown.created for account ${built.account.id} was found to look for the rule's tags in`,
      );
    else judgeOwnLabels(ctx, event, labels, [response, ...found.responses]);
  },
});

const REPEATS = 3;

const determinismScenario = defineScenario({
  id: 'decisioning/deterministic',
  area: 'decisioning',
  requirements: ['DC-DETERMINISTIC'],
  needs: ['paymentSimulation', 'fixtureProvisioning'],
  async run(ctx) {
    const world = new TargetWorld(ctx);
    const built = await buildCase(world, {
      productOptIn: ['CheckPayment', 'ReceivedAchDebit'],
      rules: [
        { type: 'checkPaymentPositivePay', checkNumber: '3003', amount: 5_000 },
        { type: 'receivedAchDebitPositivePay', originatorEntityId: '4444444444', amount: 900 },
      ],
    });
    const payments = [
      { kind: 'CheckPayment' as const, amount: 5_050, checkNumber: '3003' },
      { kind: 'CheckPayment' as const, amount: 5_050, checkNumber: '3004' },
      { kind: 'ReceivedAchDebit' as const, amount: 900, originatorEntityId: '4444444444' },
      { kind: 'ReceivedAchDebit' as const, amount: 901, originatorEntityId: '4444444444' },
    ];
    for (const description of payments) {
      const decisions: string[] = [];
      const responses = [];
      for (let attempt = 0; attempt < REPEATS; attempt += 1) {
        const { observed, response } = await simulate(ctx, toModelPayment(description, built));
        decisions.push(observed.status);
        responses.push(response);
      }
      ctx.check.expect(
        'DC-DETERMINISTIC',
        new Set(decisions).size === 1,
        `${description.kind} ${JSON.stringify(description)} sent ${REPEATS} times: expected one decision; got ${decisions.join(', ')}`,
        responses,
      );
    }
  },
});

export const consequenceScenarios: Scenario[] = [matchedPaymentScenario, blockedPaymentScenario, drawdownScenario, determinismScenario];
