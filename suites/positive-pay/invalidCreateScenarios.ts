import { randomUUID } from 'node:crypto';
import { defineScenario, type Scenario } from '../../harness/engine/scenario.ts';
import { INVALID_CREATES, type InvalidCreate, ruleBody } from '../shared/ruleRequests.ts';
import { is4xx, isSuccess, markerCarrier, rulesCarryingMarker, sendRule, withMarker } from '../shared/ruleSteps.ts';

// Section 7 (and 2.4, 2.5): invalid create requests create nothing. The status
// code is only a SHOULD: the documents do not show which codes are used.
// On a shared sandbox other people create rules at the same time: a stray rule
// is recognised by the unique marker the request carried (a tag, or where tags
// are under test an expiration date made from it).

function invalidCreateScenario(invalid: InvalidCreate): Scenario {
  const mustId = invalid.requirement;
  const malformedValue = mustId === undefined || mustId === 'PP-RULE-INVALID-VALUES-NO-EFFECT';
  const shouldId = malformedValue ? 'PP-RULE-INVALID-VALUES' : 'PP-RULE-INVALID-4XX';
  return defineScenario({
    id: `positive-pay/create-invalid/${invalid.type}/${invalid.name}`,
    area: 'positive-pay',
    requirements: mustId ? [mustId, shouldId] : [shouldId],
    async run(ctx) {
      const { accountId } = await ctx.fixtures.account();
      const marker = randomUUID();
      const target = invalid.withAccount ? (invalid.accountId ?? accountId) : undefined;
      const attributes = invalid.attributes(ctx.faker);
      // A marker carried as an expiration date is one of 21,900 days: a rule of someone
      // else's may already carry it, and is not this request's doing.
      const carriedBefore = new Set(await rulesCarryingMarker(ctx, undefined, marker, markerCarrier(attributes)));
      const response = await sendRule(ctx, ruleBody(invalid.type, withMarker(attributes, marker), target));

      // Without an account the rule could land anywhere: look for the marker among the newest rules.
      const marked = (await rulesCarryingMarker(ctx, undefined, marker, markerCarrier(attributes))).filter((id) => !carriedBefore.has(id));
      const answeredId = isSuccess(response) && typeof response.body?.data?.id === 'string' ? [response.body.data.id as string] : [];
      const created = [...new Set([...marked, ...answeredId])];
      const nothing = created.length === 0;
      const what = `a ${invalid.type} create ${invalid.name}`;
      if (mustId) {
        ctx.check.expect(
          mustId,
          nothing,
          nothing
            ? `${what}: expected no rule created; none was (answered ${response.status})`
            : `${what}: expected no rule created; the target answered ${response.status} and created ${created.join(', ')}`,
          response,
        );
        ctx.check.expect(shouldId, is4xx(response), `${what}: expected a 4xx; got ${response.status}`, response);
      } else {
        ctx.check.expect(
          shouldId,
          is4xx(response) && nothing,
          `${what}: expected a 4xx and no rule created; got ${response.status}${nothing ? '' : `, created ${created.join(', ')}`}`,
          response,
        );
      }
    },
  });
}

export const invalidCreateScenarios: Scenario[] = INVALID_CREATES.map(invalidCreateScenario);
