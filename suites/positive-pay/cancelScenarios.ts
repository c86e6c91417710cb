import { defineScenario, type Scenario, type ScenarioContext } from '../../harness/engine/scenario.ts';
import { MINIMAL, PAST_DATE, type RuleType } from '../shared/ruleRequests.ts';
import { is4xx, markCancelled, postRule, requireRule, statusOf, type RuleResource } from '../shared/ruleSteps.ts';
import { cancelledEventsSince, judgeCancelEvent } from './cancelEvent.ts';

// Sections 3.1, 4.2, 6.3: cancel, its event, and the starting states the documents leave open.

const ACTIVE_TYPES: RuleType[] = ['receivedAchDebitPositivePay', 'receivedAchCreditPositivePay', 'checkPaymentPositivePay'];

const cancelActive = ACTIVE_TYPES.map((type) =>
  defineScenario({
    id: `positive-pay/cancel/${type}`,
    area: 'positive-pay',
    requirements: ['PP-CANCEL', 'PP-CANCEL-EVENT'],
    // Its event must stay listed between its reads: a clock moved 90 days on (events/retention) would take it away.
    reads: ['clock'],
    async run(ctx) {
      const { accountId } = await ctx.fixtures.account();
      const rule = await requireRule(ctx, type, MINIMAL[type](ctx.faker), accountId);
      // Server time, so that no clock skew between suite and target matters.
      const since = new Date(Date.parse(String(rule.attributes?.createdAt)) - 1_000).toISOString();
      if (Number.isNaN(Date.parse(since))) throw new Error(`rule ${rule.id} has no readable createdAt to look for events after`);
      const before = new Set((await cancelledEventsSince(ctx, since)).events.map((event) => event.id));
      const response = await ctx.api.call('positivePay.cancel', { params: { id: rule.id } });
      markCancelled(ctx, rule.id);
      const answered = response.body?.data?.attributes?.status;
      const readBack = await statusOf(ctx, rule.id);
      ctx.check.expect(
        'PP-CANCEL',
        response.status === 200 && answered === 'Cancelled' && readBack === 'Cancelled',
        `cancel: expected 200 with status Cancelled and the rule read back Cancelled; got ${response.status}, status ${answered}, read back ${readBack}`,
        response,
      );
      await judgeCancelEvent(ctx, rule, before, since);
    },
  }),
);

async function cancelAndRecord(ctx: ScenarioContext, rule: RuleResource, startedAs: string): Promise<void> {
  const response = await ctx.api.send('POST', `/positive-pay/${encodeURIComponent(rule.id)}/cancel`);
  if (response.status === 200) markCancelled(ctx, rule.id);
  const readBack = await statusOf(ctx, rule.id);
  ctx.check.observe(
    'PP-CANCEL-STATES',
    { from: startedAs, status: response.status, answeredStatus: response.body?.data?.attributes?.status, readBack },
    `cancel of a rule in ${startedAs} answered ${response.status}; it reads back ${readBack}`,
    response,
  );
}

const cancelStates = defineScenario({
  id: 'positive-pay/cancel/starting-states',
  area: 'positive-pay',
  requirements: ['PP-CANCEL-STATES'],
  async run(ctx) {
    const { accountId } = await ctx.fixtures.account();
    const awaiting = await requireRule(ctx, 'drawdownPositivePay', {}, accountId);
    await cancelAndRecord(ctx, awaiting, String(awaiting.attributes?.status));
    await cancelAndRecord(ctx, awaiting, String(await statusOf(ctx, awaiting.id)));
    // Whether a rule already past its expirationDate can be created is not shown (3.1): a refusal is recorded, not a failure.
    const created = await postRule(
      ctx,
      'receivedAchDebitPositivePay',
      { ...MINIMAL.receivedAchDebitPositivePay(ctx.faker), expirationDate: PAST_DATE },
      accountId,
    );
    const expired = created.status === 201 && typeof created.body?.data?.id === 'string' ? (created.body.data as RuleResource) : undefined;
    if (!expired) {
      ctx.check.observe(
        'PP-CANCEL-STATES',
        { from: `past expirationDate ${PAST_DATE}`, created: false, createStatus: created.status },
        `a rule with expirationDate ${PAST_DATE} could not be created (answered ${created.status}), so cancelling one is not recorded`,
        created,
      );
      return;
    }
    await cancelAndRecord(ctx, expired, `${String(await statusOf(ctx, expired.id))} (expirationDate ${PAST_DATE})`);
  },
});

const cancelUnknown = defineScenario({
  id: 'positive-pay/cancel/unknown-id',
  area: 'positive-pay',
  requirements: ['PP-CANCEL-UNKNOWN'],
  async run(ctx) {
    const response = await ctx.api.send('POST', '/positive-pay/999999999999/cancel');
    ctx.check.expect(
      'PP-CANCEL-UNKNOWN',
      is4xx(response),
      `cancel of an unknown rule id: expected a 4xx; got ${response.status}`,
      response,
    );
  },
});

export const cancelScenarios: Scenario[] = [...cancelActive, cancelStates, cancelUnknown];
