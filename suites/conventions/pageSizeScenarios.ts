import { defineScenario, type Scenario, type ScenarioContext } from '../../harness/scenario.ts';
import { postRule } from '../positive-pay/ruleSteps.ts';

// Section 8 (and 4.2): default page size 100, maximum 1000, default offset 0,
// judged on the positive pay list of a fresh account holding more rules than a page.

const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 1000;
const PARALLEL_CREATES = 16;

/** Creates `count` drawdown rules (the smallest body) on the account, a few at a time. */
async function createRules(ctx: ScenarioContext, accountId: string, count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const response = await postRule(ctx, 'drawdownPositivePay', {}, accountId);
      if (response.status !== 201) throw new Error(`creating rule ${next} of ${count} answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_CREATES }, worker));
}

async function listIds(ctx: ScenarioContext, query: Record<string, string | number>) {
  const response = await ctx.api.call('positivePay.list', { query });
  const data = Array.isArray(response.body?.data) ? (response.body.data as Array<{ id: string }>) : undefined;
  return { response, ids: data?.map((rule) => rule.id) };
}

const defaultPage = defineScenario({
  id: 'conventions/page-size/default',
  area: 'conventions',
  title: 'without page parameters a list MUST return 100 resources from offset 0 when 101 match',
  requirements: ['GN-DEFAULT-PAGE-SIZE', 'GN-DEFAULT-OFFSET'],
  async run(ctx) {
    const { accountId } = await ctx.fixtures.account();
    await createRules(ctx, accountId, DEFAULT_PAGE_SIZE + 1);
    const plain = await listIds(ctx, { 'filter[accountId]': accountId });
    if (!plain.ids) throw new Error(`GET /positive-pay answered ${plain.response.status} without a data array`);
    ctx.check.expect('GN-DEFAULT-PAGE-SIZE', plain.ids.length === DEFAULT_PAGE_SIZE,
      `without page[limit] the list of ${DEFAULT_PAGE_SIZE + 1} rules MUST return ${DEFAULT_PAGE_SIZE}; got ${plain.ids.length}`, plain.response);
    const zero = await listIds(ctx, { 'filter[accountId]': accountId, 'page[offset]': 0 });
    const same = zero.ids !== undefined && zero.ids.length === plain.ids.length && zero.ids.every((id) => plain.ids!.includes(id));
    const echoed = plain.response.body?.meta?.pagination?.offset;
    ctx.check.expect('GN-DEFAULT-OFFSET', same && (echoed === undefined || echoed === 0),
      `without page[offset] the list MUST be the page at offset 0; ${same ? 'same rules' : 'different rules'}, meta offset ${JSON.stringify(echoed)}`, [plain.response, zero.response]);
  },
});

const maxPage = defineScenario({
  id: 'conventions/page-size/maximum',
  area: 'conventions',
  title: 'page[limit]=1000 MUST return 1000 resources when 1001 match, and no list MUST return more than 1000',
  requirements: ['GN-MAX-PAGE-SIZE', 'PP-LIST-LIMIT-OVER-MAX'],
  // 1001 rules: acceptable in a sandbox, not on a live system.
  environments: ['sandbox'],
  async run(ctx) {
    const { accountId } = await ctx.fixtures.account();
    await createRules(ctx, accountId, MAX_PAGE_SIZE + 1);
    const atMax = await listIds(ctx, { 'filter[accountId]': accountId, 'page[limit]': MAX_PAGE_SIZE });
    if (!atMax.ids) throw new Error(`GET /positive-pay?page[limit]=1000 answered ${atMax.response.status} without a data array`);
    ctx.check.expect('GN-MAX-PAGE-SIZE', atMax.ids.length === MAX_PAGE_SIZE,
      `page[limit]=1000 over ${MAX_PAGE_SIZE + 1} rules MUST return exactly ${MAX_PAGE_SIZE}; got ${atMax.ids.length}`, atMax.response);
    const over = await listIds(ctx, { 'filter[accountId]': accountId, 'page[limit]': MAX_PAGE_SIZE + 1 });
    ctx.check.observe('PP-LIST-LIMIT-OVER-MAX', { status: over.response.status, returned: over.ids?.length ?? null },
      `page[limit]=1001 answered ${over.response.status}${over.ids ? ` with ${over.ids.length} rules` : ''}`, over.response);
    if (over.ids) {
      ctx.check.expect('GN-MAX-PAGE-SIZE', over.ids.length <= MAX_PAGE_SIZE,
        `a list MUST NOT return more than ${MAX_PAGE_SIZE} resources; page[limit]=1001 returned ${over.ids.length}`, over.response);
    }
  },
});

export const pageSizeScenarios: Scenario[] = [defaultPage, maxPage];
