import { randomUUID } from 'node:crypto';
import { defineScenario, type Scenario } from '../../harness/scenario.ts';
import { INVALID_CREATES, type InvalidCreate, ruleBody } from './ruleRequests.ts';
import { is4xx, isSuccess, listRules, ruleIdsOfAccount, sendRule } from './ruleSteps.ts';

// Section 7 (and 2.4, 2.5): invalid create requests create nothing. The status
// code is only a SHOULD: the documents do not show which codes are used.

const MARKER_TAG = 'conformanceProbe';

function withMarker(attributes: Record<string, unknown>, marker: string): Record<string, unknown> {
  // Tags under test stay as they are; elsewhere a unique tag lets a stray rule be found.
  if ('tags' in attributes) return attributes;
  return { ...attributes, tags: { [MARKER_TAG]: marker } };
}

function invalidCreateScenario(invalid: InvalidCreate): Scenario {
  const mustId = invalid.requirement;
  const shouldId = mustId ? 'PP-RULE-INVALID-4XX' : 'PP-RULE-INVALID-VALUES';
  return defineScenario({
    id: `positive-pay/create-invalid/${invalid.type}/${invalid.name}`,
    area: 'positive-pay',
    title: mustId
      ? `a ${invalid.type} create ${invalid.name} is invalid: it MUST NOT create a rule and SHOULD be answered 4xx`
      : `a ${invalid.type} create with ${invalid.name} SHOULD be answered 4xx and create no rule`,
    requirements: mustId ? [mustId, shouldId] : [shouldId],
    async run(ctx) {
      const { accountId } = await ctx.fixtures.account();
      const marker = randomUUID();
      const target = invalid.withAccount ? (invalid.accountId ?? accountId) : undefined;
      const before = await ruleIdsOfAccount(ctx, accountId);
      const response = await sendRule(ctx, ruleBody(invalid.type, withMarker(invalid.attributes(ctx.faker), marker), target));

      const after = await ruleIdsOfAccount(ctx, accountId);
      const appeared = [...after].filter((id) => !before.has(id));
      // Without an account the rule could land anywhere: look for the marker among the newest rules.
      const { rules: newest } = await listRules(ctx, { sort: '-createdAt', 'page[limit]': 100 });
      const marked = newest.filter((rule) => rule.attributes?.tags?.[MARKER_TAG] === marker).map((rule) => rule.id);
      const answeredId = isSuccess(response) && typeof response.body?.data?.id === 'string' ? [response.body.data.id as string] : [];
      const created = [...new Set([...appeared, ...marked, ...answeredId])];
      const nothing = created.length === 0;
      const what = `a ${invalid.type} create ${invalid.name}`;
      if (mustId) {
        ctx.check.expect(mustId, nothing, nothing
          ? `${what} MUST NOT create a rule; none was created (answered ${response.status})`
          : `${what} MUST NOT create a rule; the target answered ${response.status} and created ${created.join(', ')}`, response);
        ctx.check.expect(shouldId, is4xx(response), `${what} SHOULD be answered 4xx; got ${response.status}`, response);
      } else {
        ctx.check.expect(shouldId, is4xx(response) && nothing,
          `${what} SHOULD be answered 4xx and create no rule; got ${response.status}${nothing ? '' : `, created ${created.join(', ')}`}`, response);
      }
    },
  });
}

export const invalidCreateScenarios: Scenario[] = INVALID_CREATES.map(invalidCreateScenario);
