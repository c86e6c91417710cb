import { defineScenario, type Scenario, type ScenarioContext } from '../../harness/scenario.ts';
import { MINIMAL, PAST_DATE, RULE_STATUSES, RULE_TYPES, type RuleType } from './ruleRequests.ts';
import { createInSequence, getRule, is4xx, listRules, markCancelled, type RuleResource } from './ruleSteps.ts';

// Section 4.2 list: filters, sort, paging. Every scenario works on a fresh
// account and filters by it, so rules of other scenarios do not interfere.

/** One rule of each type, one cancelled, one past its expirationDate; read back for their actual status. */
async function seedAccount(ctx: ScenarioContext): Promise<{ accountId: string; rules: RuleResource[] }> {
  const { accountId } = await ctx.fixtures.account();
  const specs = [
    ...RULE_TYPES.map((type) => ({ type, attributes: MINIMAL[type](ctx.faker) })),
    { type: 'checkPaymentPositivePay', attributes: MINIMAL.checkPaymentPositivePay(ctx.faker) },
    { type: 'receivedAchCreditPositivePay', attributes: { ...MINIMAL.receivedAchCreditPositivePay(ctx.faker), expirationDate: PAST_DATE } },
  ];
  const created = await createInSequence(ctx, accountId, specs);
  const toCancel = created[4]!;
  const cancel = await ctx.api.call('positivePay.cancel', { params: { id: toCancel.id } });
  if (cancel.status !== 200) throw new Error(`cancelling a rule to seed the list answered ${cancel.status}`);
  markCancelled(ctx, toCancel.id);
  const rules: RuleResource[] = [];
  for (const rule of created) {
    const read = await getRule(ctx, rule.id);
    if (!read.rule) throw new Error(`GET /positive-pay/${rule.id} answered ${read.response.status}`);
    rules.push(read.rule);
  }
  return { accountId, rules };
}

const ids = (rules: readonly RuleResource[]) => rules.map((rule) => rule.id);

const filterAccount = defineScenario({
  id: 'positive-pay/list/filter-account',
  area: 'positive-pay',
  title: 'filter[accountId] MUST return only and all rules of that account, of every type',
  requirements: ['PP-LIST-FILTER-ACCOUNT', 'PP-LIST-ANY-TYPE'],
  async run(ctx) {
    const first = await seedAccount(ctx);
    const { accountId: otherId } = await ctx.fixtures.account();
    const [other] = await createInSequence(ctx, otherId, [{ type: 'drawdownPositivePay', attributes: {} }]);
    for (const [accountId, expected] of [[first.accountId, ids(first.rules)], [otherId, [other!.id]]] as const) {
      const { response, rules } = await listRules(ctx, { 'filter[accountId]': accountId });
      const foreign = rules.filter((rule) => rule.relationships?.account?.data?.id !== accountId).map((rule) => rule.id);
      const missing = expected.filter((id) => !ids(rules).includes(id));
      ctx.check.expect('PP-LIST-FILTER-ACCOUNT', foreign.length === 0 && missing.length === 0,
        `filter[accountId]=${accountId} MUST return only and all of its rules; other accounts' rules: [${foreign.join(', ')}], missing: [${missing.join(', ')}]`, response);
      if (accountId === first.accountId) {
        const types = new Set(rules.map((rule) => rule.type));
        const absent = RULE_TYPES.filter((type) => !types.has(type));
        ctx.check.expect('PP-LIST-ANY-TYPE', absent.length === 0,
          `the list MUST return rules of every type, each with its type; missing types: [${absent.join(', ')}]`, response);
      }
    }
  },
});

const filterStatus = RULE_STATUSES.map((status) =>
  defineScenario({
    id: `positive-pay/list/filter-status/${status}`,
    area: 'positive-pay',
    title: `filter[status]=${status} MUST return only and all rules in status ${status}`,
    requirements: ['PP-LIST-FILTER-STATUS'],
    async run(ctx) {
      const { accountId, rules: seeded } = await seedAccount(ctx);
      const { response, rules } = await listRules(ctx, { 'filter[accountId]': accountId, 'filter[status]': status });
      const wrong = rules.filter((rule) => rule.attributes?.status !== status).map((rule) => `${rule.id} (${rule.attributes?.status})`);
      const expected = seeded.filter((rule) => rule.attributes?.status === status).map((rule) => rule.id);
      const missing = expected.filter((id) => !ids(rules).includes(id));
      ctx.check.expect('PP-LIST-FILTER-STATUS', wrong.length === 0 && missing.length === 0,
        `filter[status]=${status} MUST return only and all ${status} rules; others returned: [${wrong.join(', ')}], missing: [${missing.join(', ')}]`, response);
    },
  }));

const filterType = RULE_TYPES.map((type) =>
  defineScenario({
    id: `positive-pay/list/filter-type/${type}`,
    area: 'positive-pay',
    title: `filter[type]=${type} MUST return only and all rules of type ${type}`,
    requirements: ['PP-LIST-FILTER-TYPE'],
    async run(ctx) {
      const { accountId, rules: seeded } = await seedAccount(ctx);
      const { response, rules } = await listRules(ctx, { 'filter[accountId]': accountId, 'filter[type]': type });
      const wrong = rules.filter((rule) => rule.type !== type).map((rule) => `${rule.id} (${rule.type})`);
      const missing = seeded.filter((rule) => rule.type === type).map((rule) => rule.id).filter((id) => !ids(rules).includes(id));
      ctx.check.expect('PP-LIST-FILTER-TYPE', wrong.length === 0 && missing.length === 0,
        `filter[type]=${type} MUST return only and all ${type} rules; others returned: [${wrong.join(', ')}], missing: [${missing.join(', ')}]`, response);
    },
  }));

const INVALID_QUERIES: ReadonlyArray<{ requirement: 'PP-LIST-FILTER-INVALID' | 'PP-LIST-SORT-INVALID' | 'PP-LIST-PAGE-INVALID'; name: string; value: string }> = [
  { requirement: 'PP-LIST-FILTER-INVALID', name: 'filter[status]', value: 'Pending' },
  { requirement: 'PP-LIST-FILTER-INVALID', name: 'filter[status]', value: 'active' },
  { requirement: 'PP-LIST-FILTER-INVALID', name: 'filter[type]', value: 'wirePositivePay' },
  { requirement: 'PP-LIST-FILTER-INVALID', name: 'filter[type]', value: 'ReceivedAchDebit' },
  { requirement: 'PP-LIST-SORT-INVALID', name: 'sort', value: 'status' },
  { requirement: 'PP-LIST-SORT-INVALID', name: 'sort', value: '-amount' },
  { requirement: 'PP-LIST-SORT-INVALID', name: 'sort', value: 'createdat' },
  { requirement: 'PP-LIST-PAGE-INVALID', name: 'page[limit]', value: '-1' },
  { requirement: 'PP-LIST-PAGE-INVALID', name: 'page[limit]', value: 'ten' },
  { requirement: 'PP-LIST-PAGE-INVALID', name: 'page[limit]', value: '2.5' },
  { requirement: 'PP-LIST-PAGE-INVALID', name: 'page[offset]', value: '-1' },
  { requirement: 'PP-LIST-PAGE-INVALID', name: 'page[offset]', value: 'first' },
];

const invalidQueries = INVALID_QUERIES.map((query) =>
  defineScenario({
    id: `positive-pay/list/invalid-query/${query.name}=${query.value}`,
    area: 'positive-pay',
    title: `GET /positive-pay?${query.name}=${query.value} is outside the documented values and SHOULD be answered 4xx`,
    requirements: [query.requirement],
    async run(ctx) {
      const response = await ctx.api.send('GET', '/positive-pay', { query: { [query.name]: query.value } });
      ctx.check.expect(query.requirement, is4xx(response), `${query.name}=${query.value} SHOULD be answered 4xx; got ${response.status}`, response);
    },
  }));

/** Sort values and the order they must produce; undefined = parameter absent. */
const SORTS: ReadonlyArray<{ value: string | undefined; descending: boolean }> = [
  { value: undefined, descending: true },
  { value: '-createdAt', descending: true },
  { value: 'createdAt', descending: false },
  { value: '', descending: false },
];

const sorts = SORTS.map(({ value, descending }) => {
  const requirement = value === undefined ? 'PP-LIST-SORT-DEFAULT' : 'PP-LIST-SORT';
  const label = value === undefined ? 'absent' : value === '' ? 'empty' : value;
  return defineScenario({
    id: `positive-pay/list/sort/${label}`,
    area: 'positive-pay',
    title: `sort ${label} MUST order the rules by ${descending ? 'descending' : 'ascending'} createdAt`,
    requirements: [requirement],
    async run(ctx) {
      const { accountId } = await ctx.fixtures.account();
      const types: RuleType[] = ['receivedAchDebitPositivePay', 'checkPaymentPositivePay', 'drawdownPositivePay', 'receivedAchCreditPositivePay'];
      const created = await createInSequence(ctx, accountId, types.map((type) => ({ type, attributes: MINIMAL[type](ctx.faker) })));
      const query: Record<string, string> = { 'filter[accountId]': accountId };
      if (value !== undefined) query.sort = value;
      const { response, rules } = await listRules(ctx, query);
      const expected = descending ? ids(created).reverse() : ids(created);
      const got = ids(rules);
      ctx.check.expect(requirement, JSON.stringify(got) === JSON.stringify(expected),
        `sort ${label} MUST order by ${descending ? 'descending' : 'ascending'} createdAt: expected ids [${expected.join(', ')}], got [${got.join(', ')}]`, response);
    },
  });
});

const paging = defineScenario({
  id: 'positive-pay/list/limit-offset',
  area: 'positive-pay',
  title: 'page[limit] MUST bound each page, page[offset] MUST skip, meta.pagination MUST echo them, and pages MUST concatenate to the whole list',
  requirements: ['PP-LIST-SHAPE', 'PP-LIST-LIMIT', 'PP-LIST-OFFSET', 'PP-LIST-PAGINATION-ECHO', 'PP-LIST-TOTAL'],
  async run(ctx) {
    const { accountId } = await ctx.fixtures.account();
    const created = await createInSequence(ctx, accountId, Array.from({ length: 5 }, () => ({ type: 'drawdownPositivePay', attributes: {} })));
    const whole = ids(created).reverse();
    const pages: string[] = [];
    for (const offset of [0, 2, 4]) {
      const { response, rules } = await listRules(ctx, { 'filter[accountId]': accountId, 'page[limit]': 2, 'page[offset]': offset });
      const expectedSize = Math.min(2, whole.length - offset);
      ctx.check.expect('PP-LIST-LIMIT', rules.length === expectedSize,
        `page[limit]=2 at offset ${offset} of ${whole.length} rules MUST return ${expectedSize}; got ${rules.length}`, response);
      const expectedIds = whole.slice(offset, offset + 2);
      ctx.check.expect('PP-LIST-OFFSET', JSON.stringify(ids(rules)) === JSON.stringify(expectedIds),
        `page[offset]=${offset} MUST skip the first ${offset} rules: expected [${expectedIds.join(', ')}], got [${ids(rules).join(', ')}]`, response);
      const pagination = response.body?.meta?.pagination;
      ctx.check.expect('PP-LIST-PAGINATION-ECHO', pagination?.limit === 2 && pagination?.offset === offset,
        `meta.pagination MUST echo limit 2 and offset ${offset}; got ${JSON.stringify(pagination)}`, response);
      if (offset === 0) {
        ctx.check.observe('PP-LIST-TOTAL', { total: pagination?.total, exact: whole.length },
          `meta.pagination.total is ${pagination?.total} for ${whole.length} matching rules`, response);
      }
      pages.push(...ids(rules));
    }
    ctx.check.expect('PP-LIST-OFFSET', JSON.stringify(pages) === JSON.stringify(whole),
      `consecutive pages MUST concatenate to the whole list: expected [${whole.join(', ')}], got [${pages.join(', ')}]`);
  },
});

export const listScenarios: Scenario[] = [filterAccount, ...filterStatus, ...filterType, ...invalidQueries, ...sorts, paging];
