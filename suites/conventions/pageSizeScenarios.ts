import { defineScenario, heavyProbeSkipReason, type Scenario, type ScenarioContext } from '../../harness/engine/scenario.ts';
import { ruleBody } from '../shared/ruleRequests.ts';
import { readPagesOverStableWindow } from '../shared/stableWindow.ts';

// Section 8 (and 4.2): default page size 100, maximum 1000, default offset 0,
// judged on the positive pay list of an account holding more rules than a page.
// A lived-in account may hold enough already; only the shortfall is created.

const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 1000;
const PARALLEL = 16;

/** Runs `task` for 0 … count-1, a few at a time. */
async function inParallel(count: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, count) }, worker));
}

/** How many rules the account holds, counted up to `enough`. */
async function countRules(ctx: ScenarioContext, accountId: string, enough: number): Promise<number> {
  let count = 0;
  for (let offset = 0; count < enough; offset += MAX_PAGE_SIZE) {
    const page = await listIds(ctx, { 'filter[accountId]': accountId, 'page[limit]': MAX_PAGE_SIZE, 'page[offset]': offset });
    if (!page.ids)
      throw new Error(
        `GET /positive-pay answered ${page.response.status} without a data array, so the account's rules could not be counted`,
      );
    count += page.ids.length;
    if (page.ids.length < MAX_PAGE_SIZE) break;
  }
  return count;
}

/** Creates drawdown rules (the smallest body) until the account holds `atLeast`; all cancelled together at the end. */
async function topUpRules(ctx: ScenarioContext, accountId: string, atLeast: number): Promise<number> {
  const shortfall = Math.max(0, atLeast - (await countRules(ctx, accountId, atLeast)));
  const created: string[] = [];
  ctx.cleanup.add(`cancel the ${shortfall} rules created to fill pages`, () =>
    inParallel(created.length, async (index) => {
      await ctx.api.send('POST', `/positive-pay/${encodeURIComponent(created[index]!)}/cancel`);
      ctx.cleanup.noteUndone({ kind: 'rule', id: created[index]! });
    }),
  );
  await inParallel(shortfall, async (index) => {
    const response = await ctx.api.call('positivePay.create', { body: ruleBody('drawdownPositivePay', {}, accountId) });
    if (response.status !== 201 || typeof response.body?.data?.id !== 'string')
      throw new Error(`creating rule ${index + 1} of ${shortfall} to fill pages answered ${response.status}`);
    created.push(response.body.data.id);
    ctx.cleanup.note({ kind: 'rule', id: response.body.data.id });
  });
  return shortfall;
}

async function listIds(ctx: ScenarioContext, query: Record<string, string | number>) {
  const response = await ctx.api.call('positivePay.list', { query });
  const data = Array.isArray(response.body?.data) ? (response.body.data as Array<{ id: string }>) : undefined;
  return { response, ids: data?.map((rule) => rule.id) };
}

const defaultPage = defineScenario({
  id: 'conventions/page-size/default',
  area: 'conventions',
  requirements: ['GN-DEFAULT-PAGE-SIZE', 'GN-DEFAULT-OFFSET'],
  moves: ['account-rules'],
  async run(ctx) {
    const { accountId } = await ctx.fixtures.account();
    await topUpRules(ctx, accountId, DEFAULT_PAGE_SIZE + 1);
    // Another run writing to the same account between the two reads moves the
    // page: the offset-0 page is judged only against a default page that held still.
    const { window: plain, pages: zero } = await readPagesOverStableWindow(ctx, {
      what: "the account's default page of rules",
      window: async () => {
        const read = await listIds(ctx, { 'filter[accountId]': accountId });
        if (!read.ids) throw new Error(`GET /positive-pay answered ${read.response.status} without a data array`);
        return { response: read.response, ids: read.ids };
      },
      idsOf: (window) => window.ids,
      pages: () => listIds(ctx, { 'filter[accountId]': accountId, 'page[offset]': 0 }),
    });
    ctx.check.expect(
      'GN-DEFAULT-PAGE-SIZE',
      plain.ids.length === DEFAULT_PAGE_SIZE,
      `without page[limit], a list of at least ${DEFAULT_PAGE_SIZE + 1} rules: expected ${DEFAULT_PAGE_SIZE}; got ${plain.ids.length}`,
      plain.response,
    );
    const same = zero.ids !== undefined && zero.ids.length === plain.ids.length && zero.ids.every((id) => plain.ids.includes(id));
    const echoed = plain.response.body?.meta?.pagination?.offset;
    ctx.check.expect(
      'GN-DEFAULT-OFFSET',
      same && (echoed === undefined || echoed === 0),
      `without page[offset]: expected the page at offset 0; ${same ? 'same rules' : 'different rules'}, meta offset ${JSON.stringify(echoed)}`,
      [plain.response, zero.response],
    );
  },
});

const maxPage = defineScenario({
  id: 'conventions/page-size/maximum',
  area: 'conventions',
  requirements: ['GN-MAX-PAGE-SIZE', 'PP-LIST-LIMIT-OVER-MAX'],
  // Creating up to 1001 rules: acceptable in a sandbox, not on a live system.
  environments: ['sandbox'],
  async run(ctx) {
    const { accountId } = await ctx.fixtures.account();
    const held = await countRules(ctx, accountId, MAX_PAGE_SIZE + 1);
    if (held <= MAX_PAGE_SIZE && !ctx.target.heavyProbes) {
      const reason = heavyProbeSkipReason(
        `the account holds ${held} rules and judging the maximum page needs 1001, so hundreds of cancelled rules would be left behind`,
        ctx.optionWords,
      );
      for (const id of ['GN-MAX-PAGE-SIZE', 'PP-LIST-LIMIT-OVER-MAX']) ctx.check.skip(id, reason);
      return;
    }
    await topUpRules(ctx, accountId, MAX_PAGE_SIZE + 1);
    const atMax = await listIds(ctx, { 'filter[accountId]': accountId, 'page[limit]': MAX_PAGE_SIZE });
    if (!atMax.ids) throw new Error(`GET /positive-pay?page[limit]=1000 answered ${atMax.response.status} without a data array`);
    ctx.check.expect(
      'GN-MAX-PAGE-SIZE',
      atMax.ids.length === MAX_PAGE_SIZE,
      `page[limit]=1000 over at least ${MAX_PAGE_SIZE + 1} rules: expected exactly ${MAX_PAGE_SIZE}; got ${atMax.ids.length}`,
      atMax.response,
    );
    const over = await listIds(ctx, { 'filter[accountId]': accountId, 'page[limit]': MAX_PAGE_SIZE + 1 });
    ctx.check.observe(
      'PP-LIST-LIMIT-OVER-MAX',
      { status: over.response.status, returned: over.ids?.length ?? null },
      `page[limit]=1001 answered ${over.response.status}${over.ids ? ` with ${over.ids.length} rules` : ''}`,
      over.response,
    );
    if (over.ids) {
      ctx.check.expect(
        'GN-MAX-PAGE-SIZE',
        over.ids.length <= MAX_PAGE_SIZE,
        `expected a list of at most ${MAX_PAGE_SIZE} resources; page[limit]=1001 returned ${over.ids.length}`,
        over.response,
      );
    }
  },
});

export const pageSizeScenarios: Scenario[] = [defaultPage, maxPage];
