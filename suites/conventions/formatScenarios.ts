import { JSON_API } from '../../contract/facts/mediaTypes.ts';
import { defineScenario, type Scenario } from '../../harness/engine/scenario.ts';
import { schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';
import { cents, farFutureDate, MINIMAL, ruleBody, RULE_TYPES, type RuleType } from '../shared/ruleRequests.ts';
import { isSuccess, sendRule, type RuleResource } from '../shared/ruleSteps.ts';

// Conventions and section 2.1: media types, the resource envelope, ids, and the
// formats of <timestamp>, <date> and cents, judged on positive pay rules.

const FULL_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The milliseconds of a <timestamp>, whatever its offset. */
const MILLISECONDS = /T\d{2}:\d{2}:\d{2}\.(\d{3})(?:Z|[+-]\d{2}:\d{2})$/;
const HAS_AMOUNT: readonly RuleType[] = ['receivedAchDebitPositivePay', 'receivedAchCreditPositivePay', 'checkPaymentPositivePay'];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function envelopeProblems(resource: RuleResource | undefined): string[] {
  if (!isObject(resource)) return ['data is not an object'];
  const problems: string[] = [];
  if (typeof resource.type !== 'string') problems.push('type is not a string');
  if (typeof resource.id !== 'string') problems.push('id is not a string');
  if (!isObject(resource.attributes)) problems.push('attributes is not an object');
  for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
    const data = isObject(relationship) ? relationship.data : undefined;
    if (!isObject(data) || typeof data.type !== 'string' || typeof data.id !== 'string')
      problems.push(`relationship ${name} is not {data: {type, id}}`);
  }
  return problems;
}

const resourceFormat = RULE_TYPES.map((type) =>
  defineScenario({
    id: `conventions/resource-format/${type}`,
    area: 'conventions',
    requirements: [
      'GN-MEDIA-TYPE',
      'GN-TIMEOUT',
      'GN-ENVELOPE',
      'GN-ID-STRING',
      'GN-ID-NUMERIC',
      'GN-TIMESTAMP-FORMAT',
      'GN-TIMESTAMP-PRECISION',
      'GN-DATE-FORMAT',
      ...(HAS_AMOUNT.includes(type) ? ['GN-AMOUNT-CENTS'] : []),
    ],
    async run(ctx) {
      const { accountId } = await ctx.fixtures.account();
      const attributes: Record<string, unknown> = { ...MINIMAL[type](ctx.faker), expirationDate: farFutureDate(ctx.faker) };
      if (HAS_AMOUNT.includes(type)) attributes.amount = cents(ctx.faker);
      const response = await ctx.api.call('positivePay.create', { body: ruleBody(type, attributes, accountId), contentType: JSON_API });
      if (isSuccess(response) && typeof response.body?.data?.id === 'string') {
        const id = response.body.data.id as string;
        ctx.cleanup.record({ kind: 'rule', id }, () => ctx.api.send('POST', `/positive-pay/${encodeURIComponent(id)}/cancel`));
      }
      // That the create is accepted is PP-RULE-CREATE-201 (positive-pay/create); here it is what the format needs.
      if (response.status !== 201) throw new Error(`the rule was not created (${response.status}); its format cannot be judged`);
      const rule = response.body.data as RuleResource;
      const problems = envelopeProblems(rule);
      ctx.check.expect(
        'GN-ENVELOPE',
        problems.length === 0,
        problems.length === 0
          ? 'a resource is {type, id, attributes, relationships}'
          : `expected a resource as {type, id, attributes, relationships}; ${problems.join('; ')}`,
        response,
      );
      const ids = [rule.id, ...Object.values(rule.relationships ?? {}).map((relationship) => relationship?.data?.id)];
      ctx.check.expect(
        'GN-ID-STRING',
        ids.every((id) => typeof id === 'string'),
        `expected ids as strings; got ${JSON.stringify(ids)}`,
        response,
      );
      ctx.check.observe(
        'GN-ID-NUMERIC',
        { ids, allDigits: ids.every((id) => typeof id === 'string' && /^\d+$/.test(id)) },
        `ids returned: ${JSON.stringify(ids)}`,
        response,
      );
      const createdAt = rule.attributes?.createdAt;
      if (createdAt === undefined) {
        ctx.check.untestable('GN-TIMESTAMP-FORMAT', 'the rule has no createdAt to judge (see PP-RULE-RESOURCE-SHAPE)', response);
      } else {
        ctx.check.expect(
          'GN-TIMESTAMP-FORMAT',
          typeof createdAt === 'string' && schemaRegistry().timestampPattern.test(createdAt) && !Number.isNaN(Date.parse(createdAt)),
          `expected createdAt as an ISO 8601 UTC date-time with milliseconds; got ${JSON.stringify(createdAt)}`,
          response,
        );
        const millis = typeof createdAt === 'string' ? MILLISECONDS.exec(createdAt)?.[1] : undefined;
        // One stamp on .000 is chance; a target whose every stamp is on it writes whole seconds.
        if (millis === undefined)
          ctx.check.skip(
            'GN-TIMESTAMP-PRECISION',
            `createdAt ${JSON.stringify(createdAt)} shows no milliseconds to read (see GN-TIMESTAMP-FORMAT)`,
          );
        else
          ctx.check.observe(
            'GN-TIMESTAMP-PRECISION',
            millis === '000' ? 'whole second' : 'milliseconds',
            `createdAt ${createdAt} ${millis === '000' ? 'falls on a whole second' : 'is precise to the millisecond'}`,
            response,
          );
      }
      const date = rule.attributes?.expirationDate;
      ctx.check.expect(
        'GN-DATE-FORMAT',
        typeof date === 'string' && FULL_DATE.test(date) && date === attributes.expirationDate,
        `expected expirationDate back as the RFC 3339 date ${String(attributes.expirationDate)}; got ${JSON.stringify(date)}`,
        response,
      );
      if (HAS_AMOUNT.includes(type)) {
        const amount = rule.attributes?.amount;
        ctx.check.expect(
          'GN-AMOUNT-CENTS',
          Number.isInteger(amount) && amount === attributes.amount,
          `expected amount back as the integer cents ${String(attributes.amount)}; got ${JSON.stringify(amount)}`,
          response,
        );
      }
    },
  }),
);

const plainJson = defineScenario({
  id: 'conventions/plain-json-request',
  area: 'conventions',
  requirements: ['GN-PLAIN-JSON-REQUEST'],
  async run(ctx) {
    const { accountId } = await ctx.fixtures.account();
    const response = await sendRule(ctx, ruleBody('drawdownPositivePay', {}, accountId), 'application/json');
    ctx.check.observe(
      'GN-PLAIN-JSON-REQUEST',
      { status: response.status },
      `a rule sent as application/json answered ${response.status}`,
      response,
    );
  },
});

const errorFormat = defineScenario({
  id: 'conventions/error-format',
  area: 'conventions',
  requirements: ['GN-ERROR-FORMAT', 'GN-MEDIA-TYPE'],
  async run(ctx) {
    const { accountId } = await ctx.fixtures.account();
    const response = await sendRule(ctx, ruleBody('checkPaymentPositivePay', {}, accountId));
    ctx.check.observe(
      'GN-ERROR-FORMAT',
      { status: response.status, contentType: response.headers['content-type'] ?? null, body: response.body ?? null },
      `an invalid create answered ${response.status} with ${response.headers['content-type'] ?? 'no content type'}`,
      response,
    );
  },
});

export const formatScenarios: Scenario[] = [...resourceFormat, plainJson, errorFormat];
