import type { ApiResponse } from '../../harness/targetIO/apiClient.ts';
import { defineScenario, type Scenario } from '../../harness/engine/scenario.ts';
import { mayChangeOptIn, policyBody, productBody, putBackIfTaken } from '../shared/fixtureOptIn.ts';
import { judgeNoEffect, knownOptInFor } from './optInEffect.ts';
import { PAYMENT_TYPES } from '../shared/ruleRequests.ts';
import { is4xx, isSuccess } from '../shared/ruleSteps.ts';

// Sections 2.2, 2.3, 4.1, 7: account-level policy and product-level default opt-in.
// Their effect on payments is decisioning (decisioning suite); here only the
// operations themselves. The responses are not shown: recorded, never judged.
// What a scenario changes on the fixture is put back (../shared/fixtureOptIn.ts).

const OPT_IN_SETS: ReadonlyArray<readonly string[]> = [...PAYMENT_TYPES.map((type) => [type]), [...PAYMENT_TYPES]];

const summary = (response: ApiResponse) => ({ status: response.status, body: response.body ?? null });

const policyCreate = OPT_IN_SETS.map((optInTypes) =>
  defineScenario({
    id: `positive-pay/policy/opt-in/${optInTypes.join('+')}`,
    area: 'positive-pay',
    requirements: ['PP-POLICY-CREATE', 'PP-POLICY-RESPONSE'],
    moves: ['account-opt-in'],
    async run(ctx) {
      const fixture = await ctx.fixtures.account();
      if (!mayChangeOptIn(ctx, fixture, 'account', ['PP-POLICY-CREATE', 'PP-POLICY-RESPONSE'])) return;
      const { accountId } = fixture;
      const response = await ctx.api.call('positivePayPolicy.create', { body: policyBody(optInTypes, accountId) });
      ctx.check.expect(
        'PP-POLICY-CREATE',
        isSuccess(response),
        `a valid policy for ${optInTypes.join(', ')}: expected success; got ${response.status}`,
        response,
      );
      ctx.check.observe('PP-POLICY-RESPONSE', summary(response), `a valid policy request answered ${response.status}`, response);
    },
  }),
);

const policyEmpty = defineScenario({
  id: 'positive-pay/policy/empty-opt-in',
  area: 'positive-pay',
  requirements: ['PP-POLICY-EMPTY-OPTIN'],
  moves: ['account-opt-in'],
  async run(ctx) {
    const fixture = await ctx.fixtures.account();
    if (!mayChangeOptIn(ctx, fixture, 'account', ['PP-POLICY-EMPTY-OPTIN'])) return;
    const { accountId } = fixture;
    const response = await ctx.api.call('positivePayPolicy.create', { body: policyBody([], accountId) });
    ctx.check.observe('PP-POLICY-EMPTY-OPTIN', summary(response), `a policy with optInTypes [] answered ${response.status}`, response);
  },
});

/** The MUST halves: an invalid opt-in request leaves the opt-in as it was (judged in decisioning, ./optInEffect.ts). */
const POLICY_NO_EFFECT = 'PP-POLICY-OPTIN-NO-EFFECT';
const PRODUCT_NO_EFFECT = 'PP-PRODUCT-OPTIN-NO-EFFECT';

type PolicyCase = { name: string; optInTypes: unknown; withAccount: boolean; unknownAccount?: boolean; requirements: string[] };

const POLICY_INVALID: readonly PolicyCase[] = [
  {
    name: 'without-optInTypes',
    optInTypes: undefined,
    withAccount: true,
    // Refused or not, it must not change the opt-in (a target may read the absent array as empty).
    requirements: ['PP-POLICY-INVALID-REFUSED', 'PP-POLICY-INVALID-4XX', POLICY_NO_EFFECT],
  },
  {
    name: 'without-account',
    optInTypes: ['CheckPayment'],
    withAccount: false,
    requirements: ['PP-POLICY-INVALID-REFUSED', 'PP-POLICY-INVALID-4XX'],
  },
  {
    name: 'optInTypes-unknown-value',
    optInTypes: ['WireDrawdown'],
    withAccount: true,
    requirements: [POLICY_NO_EFFECT, 'PP-POLICY-OPTIN-VALUES'],
  },
  {
    name: 'optInTypes-wrong-case',
    optInTypes: ['checkPayment'],
    withAccount: true,
    requirements: [POLICY_NO_EFFECT, 'PP-POLICY-OPTIN-VALUES'],
  },
  {
    name: 'optInTypes-not-an-array',
    optInTypes: 'CheckPayment',
    withAccount: true,
    requirements: [POLICY_NO_EFFECT, 'PP-POLICY-OPTIN-VALUES'],
  },
  {
    name: 'unknown-account',
    optInTypes: ['CheckPayment'],
    withAccount: true,
    unknownAccount: true,
    requirements: ['PP-POLICY-UNKNOWN-ACCOUNT'],
  },
];

const policyInvalid = POLICY_INVALID.map((invalid) =>
  defineScenario({
    id: `positive-pay/policy/invalid/${invalid.name}`,
    area: 'positive-pay',
    requirements: invalid.requirements,
    moves: ['account-opt-in'],
    async run(ctx) {
      const fixture = await ctx.fixtures.account();
      const { accountId } = fixture;
      const target = invalid.withAccount ? (invalid.unknownAccount ? '999999999999' : accountId) : undefined;
      const judgeEffect =
        invalid.requirements.includes(POLICY_NO_EFFECT) && (await knownOptInFor(ctx, fixture, 'account', POLICY_NO_EFFECT));
      let taken = false;
      if (target === accountId) putBackIfTaken(ctx, fixture, 'account', () => taken);
      const send = () => ctx.api.send('POST', '/positive-pay-policy', { body: policyBody(invalid.optInTypes, target) });
      const response = await send();
      taken = isSuccess(response);
      for (const id of invalid.requirements) {
        if (id === POLICY_NO_EFFECT) {
          if (judgeEffect)
            await judgeNoEffect(ctx, {
              id,
              fixture,
              holder: 'account',
              request: `a policy request ${invalid.name}`,
              response,
              sendAgain: send,
            });
        } else if (id === 'PP-POLICY-INVALID-REFUSED') {
          ctx.check.expect(
            id,
            !isSuccess(response),
            `a policy request ${invalid.name}: expected no success; got ${response.status}`,
            response,
          );
        } else {
          ctx.check.expect(id, is4xx(response), `a policy request ${invalid.name}: expected a 4xx; got ${response.status}`, response);
        }
      }
    },
  }),
);

const productUpdate = OPT_IN_SETS.map((positivePayOptIn) =>
  defineScenario({
    id: `positive-pay/product/opt-in/${positivePayOptIn.join('+')}`,
    area: 'positive-pay',
    requirements: ['PP-PRODUCT-OPTIN-UPDATE', 'PP-PRODUCT-RESPONSE'],
    moves: ['product-opt-in'],
    async run(ctx) {
      const fixture = await ctx.fixtures.account();
      if (!mayChangeOptIn(ctx, fixture, 'product', ['PP-PRODUCT-OPTIN-UPDATE', 'PP-PRODUCT-RESPONSE'])) return;
      const { depositProductId } = fixture;
      const response = await ctx.api.call('depositProduct.update', {
        params: { id: depositProductId },
        body: productBody(positivePayOptIn),
      });
      ctx.check.expect(
        'PP-PRODUCT-OPTIN-UPDATE',
        isSuccess(response),
        `PATCH /deposit-products/${depositProductId} with positivePayOptIn [${positivePayOptIn.join(', ')}]: expected success; got ${response.status}`,
        response,
      );
      ctx.check.observe('PP-PRODUCT-RESPONSE', summary(response), `a valid deposit product update answered ${response.status}`, response);
    },
  }),
);

const productEmpty = defineScenario({
  id: 'positive-pay/product/opt-in/none',
  area: 'positive-pay',
  requirements: ['PP-PRODUCT-EMPTY-OPTIN'],
  moves: ['product-opt-in'],
  async run(ctx) {
    const fixture = await ctx.fixtures.account();
    if (!mayChangeOptIn(ctx, fixture, 'product', ['PP-PRODUCT-EMPTY-OPTIN'])) return;
    const { depositProductId } = fixture;
    const response = await ctx.api.call('depositProduct.update', { params: { id: depositProductId }, body: productBody([]) });
    ctx.check.observe(
      'PP-PRODUCT-EMPTY-OPTIN',
      summary(response),
      `a deposit product update with positivePayOptIn [] answered ${response.status}`,
      response,
    );
  },
});

type ProductCase = { name: string; positivePayOptIn: unknown; unknownProduct?: boolean; requirement: string; noEffect?: boolean };

const PRODUCT_INVALID: readonly ProductCase[] = [
  { name: 'without-positivePayOptIn', positivePayOptIn: undefined, requirement: 'PP-PRODUCT-OPTIN-REQUIRED', noEffect: true },
  { name: 'positivePayOptIn-unknown-value', positivePayOptIn: ['OutgoingWire'], requirement: 'PP-PRODUCT-OPTIN-VALUES', noEffect: true },
  { name: 'positivePayOptIn-not-an-array', positivePayOptIn: 'CheckPayment', requirement: 'PP-PRODUCT-OPTIN-VALUES', noEffect: true },
  { name: 'unknown-product', positivePayOptIn: ['CheckPayment'], unknownProduct: true, requirement: 'PP-PRODUCT-UNKNOWN' },
];

const productInvalid = PRODUCT_INVALID.map((invalid) =>
  defineScenario({
    id: `positive-pay/product/invalid/${invalid.name}`,
    area: 'positive-pay',
    requirements: invalid.noEffect ? [PRODUCT_NO_EFFECT, invalid.requirement] : [invalid.requirement],
    moves: ['product-opt-in'],
    async run(ctx) {
      const fixture = await ctx.fixtures.account();
      const id = invalid.unknownProduct ? '999999999999' : fixture.depositProductId;
      const judgeEffect = invalid.noEffect === true && (await knownOptInFor(ctx, fixture, 'product', PRODUCT_NO_EFFECT));
      let taken = false;
      if (!invalid.unknownProduct) putBackIfTaken(ctx, fixture, 'product', () => taken);
      const send = () =>
        ctx.api.send('PATCH', `/deposit-products/${encodeURIComponent(id)}`, { body: productBody(invalid.positivePayOptIn) });
      const response = await send();
      taken = isSuccess(response);
      if (judgeEffect) {
        await judgeNoEffect(ctx, {
          id: PRODUCT_NO_EFFECT,
          fixture,
          holder: 'product',
          request: `a deposit product update ${invalid.name}`,
          response,
          sendAgain: send,
        });
      }
      ctx.check.expect(
        invalid.requirement,
        is4xx(response),
        `a deposit product update ${invalid.name}: expected a 4xx; got ${response.status}`,
        response,
      );
    },
  }),
);

export const policyScenarios: Scenario[] = [
  ...policyCreate,
  policyEmpty,
  ...policyInvalid,
  ...productUpdate,
  productEmpty,
  ...productInvalid,
];
