import { defineScenario, type Scenario, type ScenarioContext } from '../../harness/engine/scenario.ts';
import { MINIMAL, PAST_DATE, RULE_STATUSES, RULE_TYPES, type RuleType } from '../shared/ruleRequests.ts';
import {
  createInSequence,
  getRule,
  is4xx,
  listRules,
  listUntilFound,
  markCancelled,
  postRule,
  type RuleResource,
} from '../shared/ruleSteps.ts';
import { readPagesOverStableWindow } from '../shared/stableWindow.ts';

// Section 4.2 list: filters, sort, paging. Each scenario filters by an account,
// which on a shared sandbox is a lived-in fixture account holding other people's
// rules: every check judges the scenario's own rules among whatever else the list
// holds (their presence, their relative order), and the target's answers against
// each other, never the assumption that the list holds only its own rules.

/**
 * One rule of each type, one cancelled, and one past its expirationDate when the
 * target accepts that create; read back for their actual status.
 */
async function seedAccount(ctx: ScenarioContext): Promise<{ accountId: string; rules: RuleResource[] }> {
  const { accountId } = await ctx.fixtures.account();
  const specs = [
    ...RULE_TYPES.map((type) => ({ type, attributes: MINIMAL[type](ctx.faker) })),
    { type: 'checkPaymentPositivePay', attributes: MINIMAL.checkPaymentPositivePay(ctx.faker) },
  ];
  const created = await createInSequence(ctx, accountId, specs);
  const toCancel = created[4]!;
  const cancel = await ctx.api.call('positivePay.cancel', { params: { id: toCancel.id } });
  if (cancel.status !== 200) throw new Error(`cancelling a rule to seed the list answered ${cancel.status}`);
  markCancelled(ctx, toCancel.id);
  // Whether a create already past its expirationDate is accepted is not shown (3.1 rule 2).
  const expired = await postRule(
    ctx,
    'receivedAchCreditPositivePay',
    { ...MINIMAL.receivedAchCreditPositivePay(ctx.faker), expirationDate: PAST_DATE },
    accountId,
  );
  if (expired.status === 201 && typeof expired.body?.data?.id === 'string') created.push(expired.body.data as RuleResource);
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
  requirements: ['PP-LIST-FILTER-ACCOUNT', 'PP-LIST-ANY-TYPE'],
  async run(ctx) {
    const first = await seedAccount(ctx);
    const { accountId: otherId } = await ctx.fixtures.account();
    const [other] = await createInSequence(ctx, otherId, [{ type: 'drawdownPositivePay', attributes: {} }]);
    for (const [accountId, expected] of [
      [first.accountId, ids(first.rules)],
      [otherId, [other!.id]],
    ] as const) {
      const { responses: response, rules } = await listUntilFound(ctx, { 'filter[accountId]': accountId }, new Set(expected));
      const foreign = rules.filter((rule) => rule.relationships?.account?.data?.id !== accountId).map((rule) => rule.id);
      const missing = expected.filter((id) => !ids(rules).includes(id));
      ctx.check.expect(
        'PP-LIST-FILTER-ACCOUNT',
        foreign.length === 0 && missing.length === 0,
        `filter[accountId]=${accountId}: expected only and all of its rules; other accounts' rules: [${foreign.join(', ')}], missing: [${missing.join(', ')}]`,
        response,
      );
      if (accountId === first.accountId) {
        const types = new Set(rules.map((rule) => rule.type));
        const absent = RULE_TYPES.filter((type) => !types.has(type));
        ctx.check.expect(
          'PP-LIST-ANY-TYPE',
          absent.length === 0,
          `the list: expected rules of every type, each with its type; missing types: [${absent.join(', ')}]`,
          response,
        );
      }
    }
  },
});

const filterStatus = RULE_STATUSES.map((status) =>
  defineScenario({
    id: `positive-pay/list/filter-status/${status}`,
    area: 'positive-pay',
    requirements: ['PP-LIST-FILTER-STATUS'],
    async run(ctx) {
      const { accountId, rules: seeded } = await seedAccount(ctx);
      const expected = seeded.filter((rule) => rule.attributes?.status === status).map((rule) => rule.id);
      const { responses: response, rules } = await listUntilFound(
        ctx,
        { 'filter[accountId]': accountId, 'filter[status]': status },
        new Set(expected),
      );
      const wrong = rules.filter((rule) => rule.attributes?.status !== status).map((rule) => `${rule.id} (${rule.attributes?.status})`);
      const missing = expected.filter((id) => !ids(rules).includes(id));
      ctx.check.expect(
        'PP-LIST-FILTER-STATUS',
        wrong.length === 0 && missing.length === 0,
        `filter[status]=${status}: expected only and all ${status} rules; others returned: [${wrong.join(', ')}], missing: [${missing.join(', ')}]`,
        response,
      );
    },
  }),
);

const filterType = RULE_TYPES.map((type) =>
  defineScenario({
    id: `positive-pay/list/filter-type/${type}`,
    area: 'positive-pay',
    requirements: ['PP-LIST-FILTER-TYPE'],
    async run(ctx) {
      const { accountId, rules: seeded } = await seedAccount(ctx);
      const expected = seeded.filter((rule) => rule.type === type).map((rule) => rule.id);
      const { responses: response, rules } = await listUntilFound(
        ctx,
        { 'filter[accountId]': accountId, 'filter[type]': type },
        new Set(expected),
      );
      const wrong = rules.filter((rule) => rule.type !== type).map((rule) => `${rule.id} (${rule.type})`);
      const missing = expected.filter((id) => !ids(rules).includes(id));
      ctx.check.expect(
        'PP-LIST-FILTER-TYPE',
        wrong.length === 0 && missing.length === 0,
        `filter[type]=${type}: expected only and all ${type} rules; others returned: [${wrong.join(', ')}], missing: [${missing.join(', ')}]`,
        response,
      );
    },
  }),
);

const INVALID_QUERIES: ReadonlyArray<{
  requirement: 'PP-LIST-FILTER-INVALID' | 'PP-LIST-SORT-INVALID' | 'PP-LIST-PAGE-INVALID';
  name: string;
  value: string;
}> = [
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
    requirements: [query.requirement],
    async run(ctx) {
      const response = await ctx.api.send('GET', '/positive-pay', { query: { [query.name]: query.value } });
      ctx.check.expect(
        query.requirement,
        is4xx(response),
        `${query.name}=${query.value}: expected a 4xx; got ${response.status}`,
        response,
      );
    },
  }),
);

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
    requirements: [requirement],
    // Its rules need instants in creation order: not while a frozen clock gives them one.
    reads: ['clock'],
    async run(ctx) {
      const { accountId } = await ctx.fixtures.account();
      const types: RuleType[] = [
        'receivedAchDebitPositivePay',
        'checkPaymentPositivePay',
        'drawdownPositivePay',
        'receivedAchCreditPositivePay',
      ];
      const created = await createInSequence(
        ctx,
        accountId,
        types.map((type) => ({ type, attributes: MINIMAL[type](ctx.faker) })),
      );
      const query: Record<string, string> = { 'filter[accountId]': accountId };
      if (value !== undefined) query.sort = value;
      const own = new Set(ids(created));
      const { responses, rules } = await listUntilFound(ctx, query, own);
      // Judged by the createdAt the target gives them: where it writes whole seconds, rules made
      // milliseconds apart share an instant, and their order among themselves is left open.
      // Without a readable createdAt on each, the order they were made in is the order to keep.
      const listedOwn = rules.filter((rule) => own.has(rule.id));
      const instantsOf = listedOwn.map((rule) => Date.parse(String(rule.attributes?.createdAt)));
      const byCreation = descending ? ids(created).reverse() : ids(created);
      const misordered = instantsOf.some(Number.isNaN)
        ? JSON.stringify(ids(listedOwn)) === JSON.stringify(byCreation)
          ? []
          : [`not every one has a readable createdAt, and they are not in the order made (${byCreation.join(', ')})`]
        : outOfOrder(listedOwn, descending);
      const ties = new Set(instantsOf).size < listedOwn.length ? '; some share an instant, so their order among themselves is open' : '';
      ctx.check.expect(
        requirement,
        listedOwn.length === created.length && misordered.length === 0,
        `sort ${label}: expected order by ${descending ? 'descending' : 'ascending'} createdAt; this scenario's rules, created in the order [${ids(created).join(', ')}], were listed as [${ids(listedOwn).join(', ')}]` +
          `${listedOwn.length < created.length ? ` (${created.length - listedOwn.length} not found)` : ''}${misordered.length ? `; out of order: ${misordered.slice(0, 3).join('; ')}` : ''}${ties}`,
        responses,
      );
      const inversions = outOfOrder(rules, descending);
      ctx.check.expect(
        requirement,
        inversions.length === 0,
        `sort ${label}: expected every listed rule in ${descending ? 'descending' : 'ascending'} createdAt order; out of order: ${inversions.slice(0, 3).join('; ')}`,
        responses,
      );
    },
  });
});

/** Adjacent pairs whose createdAt runs against the order (equal instants are in order either way). */
function outOfOrder(rules: readonly RuleResource[], descending: boolean): string[] {
  const found: string[] = [];
  for (let index = 1; index < rules.length; index += 1) {
    const before = Date.parse(String(rules[index - 1]!.attributes?.createdAt));
    const after = Date.parse(String(rules[index]!.attributes?.createdAt));
    if (Number.isNaN(before) || Number.isNaN(after)) continue;
    if (descending ? after > before : after < before) {
      found.push(
        `${rules[index - 1]!.id} (${rules[index - 1]!.attributes?.createdAt}) before ${rules[index]!.id} (${rules[index]!.attributes?.createdAt})`,
      );
    }
  }
  return found;
}

const WINDOW = 6;
const CREATED = 5;
const PAGE = 2;

/**
 * Pages of 2 at offsets 0, 2, 4 against one page of 6 of the account's rules, oldest
 * first: rules others create meanwhile (another run on the same fixture account) join
 * the end of that order, so the window holds still where newest-first would not.
 */
function readAccountPages(ctx: ScenarioContext, accountId: string) {
  const query = { 'filter[accountId]': accountId, sort: 'createdAt' };
  return readPagesOverStableWindow(ctx, {
    what: `the account's ${WINDOW} oldest rules`,
    window: () => listRules(ctx, { ...query, 'page[limit]': WINDOW }),
    idsOf: (window) => ids(window.rules),
    pages: async () => {
      const pages = [];
      for (const offset of [0, 2, 4])
        pages.push({ offset, ...(await listRules(ctx, { ...query, 'page[limit]': PAGE, 'page[offset]': offset })) });
      return pages;
    },
  });
}

const paging = defineScenario({
  id: 'positive-pay/list/limit-offset',
  area: 'positive-pay',
  requirements: ['PP-LIST-SHAPE', 'PP-LIST-LIMIT', 'PP-LIST-OFFSET', 'PP-LIST-PAGINATION-ECHO', 'PP-LIST-TOTAL'],
  moves: ['account-rules'],
  async run(ctx) {
    const { accountId } = await ctx.fixtures.account();
    const created = await createInSequence(
      ctx,
      accountId,
      Array.from({ length: CREATED }, () => ({ type: 'drawdownPositivePay', attributes: {} })),
    );
    const { window, pages } = await readAccountPages(ctx, accountId);
    const whole = ids(window.rules);
    // The account holds at least the rules just created, whoever else uses it.
    ctx.check.expect(
      'PP-LIST-LIMIT',
      whole.length >= created.length && whole.length <= WINDOW,
      `page[limit]=${WINDOW}: expected at most ${WINDOW} rules, and at least the ${created.length} this scenario created on the account; got ${whole.length}`,
      window.response,
    );
    const concatenated: string[] = [];
    for (const { offset, response, rules } of pages) {
      const expectedSize = Math.max(0, Math.min(PAGE, whole.length - offset));
      ctx.check.expect(
        'PP-LIST-LIMIT',
        rules.length === expectedSize,
        `page[limit]=${PAGE} at offset ${offset}, where page[limit]=${WINDOW} listed ${whole.length} rules: expected ${expectedSize}; got ${rules.length}`,
        response,
      );
      const expectedIds = whole.slice(offset, offset + PAGE);
      ctx.check.expect(
        'PP-LIST-OFFSET',
        JSON.stringify(ids(rules)) === JSON.stringify(expectedIds),
        `page[offset]=${offset}: expected the first ${offset} rules of the list skipped, [${expectedIds.join(', ')}] (positions ${offset}–${offset + PAGE - 1} of [${whole.join(', ')}]); got [${ids(rules).join(', ')}]`,
        [window.response, response],
      );
      const pagination = response.body?.meta?.pagination;
      ctx.check.expect(
        'PP-LIST-PAGINATION-ECHO',
        pagination?.limit === PAGE && pagination?.offset === offset,
        `meta.pagination: expected limit ${PAGE} and offset ${offset}; got ${JSON.stringify(pagination)}`,
        response,
      );
      if (offset === 0) {
        ctx.check.observe(
          'PP-LIST-TOTAL',
          { total: pagination?.total, atLeast: created.length },
          `meta.pagination.total is ${pagination?.total} for an account holding at least the ${created.length} rules this scenario created`,
          response,
        );
      }
      concatenated.push(...ids(rules));
    }
    ctx.check.expect(
      'PP-LIST-OFFSET',
      JSON.stringify(concatenated) === JSON.stringify(whole),
      `consecutive pages: expected them to concatenate to the list read in one page, [${whole.join(', ')}]; got [${concatenated.join(', ')}]`,
    );
  },
});

export const listScenarios: Scenario[] = [filterAccount, ...filterStatus, ...filterType, ...invalidQueries, ...sorts, paging];
