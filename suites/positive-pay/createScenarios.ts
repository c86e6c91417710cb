import { defineScenario, type Scenario } from '../../harness/engine/scenario.ts';
import { missingOrChanged, sameValue } from './ruleComparison.ts';
import { INITIAL_STATUS, MINIMAL, PAST_DATE, VALID_VARIANTS } from '../shared/ruleRequests.ts';
import { getRule, is4xx, postRule, type RuleResource } from '../shared/ruleSteps.ts';

// Sections 2.4, 2.5, 3.1, 4.2: creating each rule type and reading it back.

const createVariant = VALID_VARIANTS.map((variant) =>
  defineScenario({
    id: `positive-pay/create/${variant.type}/${variant.name}`,
    area: 'positive-pay',
    requirements: [
      'PP-RULE-RESOURCE-SHAPE',
      'PP-RULE-CREATE-201',
      'PP-RULE-TYPE',
      'PP-RULE-ECHO-ATTRIBUTES',
      'PP-RULE-ACCOUNT-RELATIONSHIP',
      'PP-RULE-INITIAL-STATUS',
      'PP-RULE-GET',
    ],
    async run(ctx) {
      const { accountId } = await ctx.fixtures.account();
      const attributes = variant.attributes(ctx.faker);
      const response = await postRule(ctx, variant.type, attributes, accountId);
      const created = ctx.check.expect(
        'PP-RULE-CREATE-201',
        response.status === 201 && typeof response.body?.data?.id === 'string',
        `a valid ${variant.type} create: expected 201 with data being the rule; got ${response.status}`,
        response,
      );
      if (!created) throw new Error(`the rule was not created (${response.status}); nothing further to check`);
      const rule = response.body.data as RuleResource;
      ctx.check.expect(
        'PP-RULE-TYPE',
        rule.type === variant.type,
        `the created rule: expected type ${variant.type}; got ${rule.type}`,
        response,
      );
      const differences = missingOrChanged(attributes, rule.attributes);
      ctx.check.expect(
        'PP-RULE-ECHO-ATTRIBUTES',
        differences.length === 0,
        differences.length === 0
          ? 'the created rule carries every submitted attribute'
          : `the created rule: expected the submitted attributes; ${differences.join('; ')}`,
        response,
      );
      const account = rule.relationships?.account?.data;
      ctx.check.expect(
        'PP-RULE-ACCOUNT-RELATIONSHIP',
        account?.type === 'depositAccount' && account?.id === accountId,
        `relationships.account.data: expected {type: depositAccount, id: ${accountId}}; got ${JSON.stringify(account)}`,
        response,
      );
      const expected = INITIAL_STATUS[variant.type];
      ctx.check.expect(
        'PP-RULE-INITIAL-STATUS',
        rule.attributes?.status === expected,
        `a new ${variant.type} rule: expected status ${expected}; got ${rule.attributes?.status}`,
        response,
      );

      const read = await getRule(ctx, rule.id);
      const same =
        read.rule !== undefined &&
        read.rule.id === rule.id &&
        read.rule.type === rule.type &&
        missingOrChanged(attributes, read.rule.attributes).length === 0 &&
        read.rule.attributes?.createdAt === rule.attributes?.createdAt &&
        sameValue(read.rule.relationships?.account?.data, account);
      ctx.check.expect(
        'PP-RULE-GET',
        read.response.status === 200 && same,
        `GET /positive-pay/${rule.id}: expected 200 with the same rule; got ${read.response.status}${same ? '' : ' with a different rule'}`,
        [response, read.response],
      );
    },
  }),
);

const idsUnique = defineScenario({
  id: 'positive-pay/create/ids-unique',
  area: 'positive-pay',
  requirements: ['PP-RULE-ID-UNIQUE'],
  async run(ctx) {
    const { accountId } = await ctx.fixtures.account();
    const attributes = MINIMAL.receivedAchDebitPositivePay(ctx.faker);
    const first = await postRule(ctx, 'receivedAchDebitPositivePay', attributes, accountId);
    const second = await postRule(ctx, 'receivedAchDebitPositivePay', attributes, accountId);
    const ids = [first.body?.data?.id, second.body?.data?.id];
    if (first.status !== 201 || second.status !== 201) throw new Error(`creating two rules answered ${first.status} and ${second.status}`);
    ctx.check.expect(
      'PP-RULE-ID-UNIQUE',
      typeof ids[0] === 'string' && ids[0] !== ids[1],
      `expected an id of its own for each created rule; got ${JSON.stringify(ids)}`,
      [first, second],
    );
  },
});

const getUnknown = defineScenario({
  id: 'positive-pay/get/unknown-id',
  area: 'positive-pay',
  requirements: ['PP-RULE-GET-UNKNOWN'],
  async run(ctx) {
    const response = await ctx.api.send('GET', '/positive-pay/999999999999');
    ctx.check.expect('PP-RULE-GET-UNKNOWN', is4xx(response), `GET of an unknown rule id: expected a 4xx; got ${response.status}`, response);
  },
});

const pastExpiration = defineScenario({
  id: 'positive-pay/expiry/past-expiration-date',
  area: 'positive-pay',
  requirements: ['PP-RULE-EXPIRED-STATUS'],
  async run(ctx) {
    const { accountId } = await ctx.fixtures.account();
    const response = await postRule(
      ctx,
      'receivedAchDebitPositivePay',
      { ...MINIMAL.receivedAchDebitPositivePay(ctx.faker), expirationDate: PAST_DATE },
      accountId,
    );
    if (response.status !== 201) {
      ctx.check.observe(
        'PP-RULE-EXPIRED-STATUS',
        { createStatus: response.status },
        `creating a rule with expirationDate ${PAST_DATE} answered ${response.status}`,
        response,
      );
      return;
    }
    const read = await getRule(ctx, response.body.data.id);
    const observed = {
      createStatus: response.status,
      statusOnCreate: response.body.data.attributes?.status,
      statusOnRead: read.rule?.attributes?.status,
    };
    ctx.check.observe(
      'PP-RULE-EXPIRED-STATUS',
      observed,
      `a rule with expirationDate ${PAST_DATE} reads status ${observed.statusOnRead} (on create: ${observed.statusOnCreate})`,
      [response, read.response],
    );
  },
});

export const createScenarios: Scenario[] = [...createVariant, idsUnique, getUnknown, pastExpiration];
