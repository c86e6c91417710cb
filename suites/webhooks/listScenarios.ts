import { defineScenario, type Scenario, type ScenarioContext } from '../../harness/engine/scenario.ts';
import { sinkEndpoint } from '../shared/sinkSession.ts';
import { readPagesOverStableWindow } from '../shared/stableWindow.ts';
import {
  between,
  type CreatedWebhook,
  disableOwnWebhook,
  listAllWebhooks,
  pause,
  plainAttributes,
  requireWebhook,
} from '../shared/webhookFixtures.ts';

// API 4.3 and 8: paging and filters of GET /webhooks.

/** Three webhooks created a few milliseconds apart, so their createdAt values differ. */
/** Three webhooks made one after another, each with an instant of its own. */
async function threeWebhooks(ctx: ScenarioContext, name: string): Promise<CreatedWebhook[]> {
  const endpoint = await sinkEndpoint(ctx, name);
  const created: CreatedWebhook[] = [];
  for (let n = 0; n < 3; n += 1) {
    // A createdAt on a whole second may come from a target that writes only seconds (the
    // precision is not stated): the next then waits a second, or both would share an instant.
    const previous = created.at(-1);
    if (previous) await pause(Date.parse(createdAtOf(previous)) % 1000 === 0 ? 1015 : 15);
    created.push(await requireWebhook(ctx, plainAttributes(ctx, endpoint.url)));
  }
  return created;
}

const idsOf = (webhooks: Array<{ id: unknown }>): string[] => webhooks.map((webhook) => String(webhook.id));
const createdAtOf = (webhook: CreatedWebhook): string => webhook.webhook.attributes.createdAt;

const paging = defineScenario({
  id: 'webhooks/list/paging',
  area: 'webhooks',
  requirements: ['WH-LIST-PAGE-LIMIT', 'WH-LIST-PAGE-DEFAULT', 'WH-LIST-PAGE-OFFSET', 'WH-LIST-PAGE-OVER-MAX'],
  // Pages read one after another must see the same list: webhooks created meanwhile (by the delivery scenarios, say) shift it,
  // so no scenario that creates webhooks (a reader of the quota) runs beside it.
  moves: ['webhook-list', 'webhook-quota'],
  async run(ctx) {
    // The default page size only shows with more than 100 webhooks; create the shortfall (each disabled again at cleanup).
    const { webhooks: existing } = await listAllWebhooks(ctx);
    if (existing.length <= 100) {
      const endpoint = await sinkEndpoint(ctx, 'paging');
      for (let n = existing.length; n <= 100; n += 1) {
        const created = await requireWebhook(ctx, plainAttributes(ctx, endpoint.url));
        await disableOwnWebhook(ctx, created);
      }
    }
    // Pages are held against the whole list read before and after them: read again if it moved.
    const size = 37;
    const { window, pages } = await readPagesOverStableWindow(ctx, {
      what: 'the list of webhooks',
      window: () => listAllWebhooks(ctx),
      idsOf: (read) => idsOf(read.webhooks),
      pages: async () => {
        const byDefault = await ctx.api.call('webhook.list');
        const limited = [];
        for (const limit of [1, 7, 1000])
          limited.push({ limit, page: await ctx.api.call('webhook.list', { query: { 'page[limit]': limit } }) });
        const pieces: string[] = [];
        for (let offset = 0; offset < 4 * size; offset += size) {
          const page = await ctx.api.call('webhook.list', { query: { 'page[limit]': size, 'page[offset]': offset } });
          pieces.push(...idsOf(page.body?.data ?? []));
        }
        return { byDefault, limited, pieces };
      },
    });
    const all = window.webhooks;
    const defaultCount = pages.byDefault.body?.data?.length;
    ctx.check.expect(
      'WH-LIST-PAGE-DEFAULT',
      defaultCount === Math.min(100, all.length),
      `without page[limit]: expected ${Math.min(100, all.length)} of the ${all.length} webhooks; it held ${defaultCount}`,
      pages.byDefault,
    );

    for (const { limit, page } of pages.limited) {
      const count = page.body?.data?.length;
      ctx.check.expect(
        'WH-LIST-PAGE-LIMIT',
        page.status === 200 && count === Math.min(limit, all.length),
        `page[limit]=${limit}: expected 200 with ${Math.min(limit, all.length)} webhooks; got ${page.status} with ${count}`,
        page,
      );
    }

    // Four consecutive pages of 37 MUST be the first 148 webhooks of the full list, in order.
    const expected = idsOf(all).slice(0, 4 * size);
    const { pieces } = pages;
    const firstDifference = expected.findIndex((id, index) => pieces[index] !== id);
    const consistent = pieces.length === expected.length && firstDifference === -1;
    ctx.check.expect(
      'WH-LIST-PAGE-OFFSET',
      consistent,
      `pages of ${size} at offsets 0, ${size}, ${2 * size}, ${3 * size}: expected them to continue one another without repeats or gaps; ` +
        (consistent
          ? 'they do'
          : `got ${pieces.length} ids for ${expected.length} expected, first difference at position ${firstDifference}`),
    );

    const over = await ctx.api.send('GET', '/webhooks', { query: { 'page[limit]': 1001 } });
    ctx.check.observe(
      'WH-LIST-PAGE-OVER-MAX',
      { status: over.status, count: over.body?.data?.length },
      `page[limit]=1001 answered ${over.status}${Array.isArray(over.body?.data) ? ` with ${over.body.data.length} webhooks` : ''}`,
      over,
    );
  },
});

const MAX_PAGE = 1000;

const pageMaximum = defineScenario({
  id: 'webhooks/list/page-maximum',
  area: 'webhooks',
  requirements: ['WH-LIST-PAGE-MAX'],
  moves: ['webhook-list'],
  async run(ctx) {
    // The maximum only shows with more than 1000 webhooks. Creating them through the API
    // would leave a shared sandbox 1000 webhooks it can never delete, so the suite adds
    // them only where the target provisions fixtures (the emulator's Disabled ones).
    let { webhooks } = await listAllWebhooks(ctx);
    if (webhooks.length <= MAX_PAGE && ctx.control.has('fixtureProvisioning')) {
      await ctx.control.addDisabledWebhooks(MAX_PAGE + 1 - webhooks.length);
      ({ webhooks } = await listAllWebhooks(ctx));
    }
    if (webhooks.length <= MAX_PAGE) {
      ctx.check.skip(
        'WH-LIST-PAGE-MAX',
        `only ${webhooks.length} webhooks exist, so no page can exceed ${MAX_PAGE}; the target claims no fixtureProvisioning to add more, and creating over 1000 undeletable webhooks is not done to a shared sandbox`,
      );
      return;
    }
    const over = await ctx.api.send('GET', '/webhooks', { query: { 'page[limit]': MAX_PAGE + 1 } });
    const count = Array.isArray(over.body?.data) ? over.body.data.length : undefined;
    ctx.check.expect(
      'WH-LIST-PAGE-MAX',
      count === undefined || count <= MAX_PAGE,
      `with ${webhooks.length} webhooks, page[limit]=${MAX_PAGE + 1}: expected at most ${MAX_PAGE}; it answered ${over.status}${count === undefined ? ' without a data array' : ` with ${count}`}`,
      over,
    );
  },
});

const filters = defineScenario({
  id: 'webhooks/list/filters',
  area: 'webhooks',
  requirements: ['WH-LIST-SHAPE', 'WH-LIST-FILTER-SINCE', 'WH-LIST-FILTER-UNTIL', 'WH-LIST-FILTER-FROM-ID', 'WH-LIST-FILTER-TO-ID'],
  webhooks: 3,
  // Its three webhooks need three instants: not while a frozen clock gives them one.
  reads: ['clock'],
  async run(ctx) {
    const [a, b, c] = (await threeWebhooks(ctx, 'filters')) as [CreatedWebhook, CreatedWebhook, CreatedWebhook];
    const since = between(createdAtOf(a), createdAtOf(b));
    const sinceList = await listAllWebhooks(ctx, { 'filter[since]': since });
    const sinceIds = idsOf(sinceList.webhooks);
    const early = sinceList.webhooks.filter((webhook) => !(Date.parse(webhook.attributes?.createdAt) > Date.parse(since)));
    ctx.check.expect(
      'WH-LIST-FILTER-SINCE',
      early.length === 0 && sinceIds.includes(b.id) && sinceIds.includes(c.id) && !sinceIds.includes(a.id),
      `filter[since]=${since}: expected only later webhooks, including ${b.id} and ${c.id} but not ${a.id}; got ${sinceIds.length} webhooks, ${early.length} created earlier, ours: ${[a, b, c].map((w) => `${w.id}${sinceIds.includes(w.id) ? '+' : '-'}`).join(' ')}`,
      sinceList.responses,
    );

    const floor = new Date(Date.parse(createdAtOf(a)) - 1).toISOString();
    const until = between(createdAtOf(b), createdAtOf(c));
    const untilList = await listAllWebhooks(ctx, { 'filter[since]': floor, 'filter[until]': until });
    const untilIds = idsOf(untilList.webhooks);
    const late = untilList.webhooks.filter((webhook) => !(Date.parse(webhook.attributes?.createdAt) < Date.parse(until)));
    ctx.check.expect(
      'WH-LIST-FILTER-UNTIL',
      late.length === 0 && untilIds.includes(a.id) && untilIds.includes(b.id) && !untilIds.includes(c.id),
      `filter[until]=${until}: expected only earlier webhooks, including ${a.id} and ${b.id} but not ${c.id}; got ${late.length} created later, ours: ${[a, b, c].map((w) => `${w.id}${untilIds.includes(w.id) ? '+' : '-'}`).join(' ')}`,
      untilList.responses,
    );

    const fromList = await listAllWebhooks(ctx, { 'filter[fromId]': b.id });
    const fromIds = idsOf(fromList.webhooks);
    const below = fromIds.filter((id) => !(Number(id) >= Number(b.id)));
    ctx.check.expect(
      'WH-LIST-FILTER-FROM-ID',
      below.length === 0 && fromIds.includes(b.id) && fromIds.includes(c.id) && !fromIds.includes(a.id),
      `filter[fromId]=${b.id}: expected only ids >= ${b.id}, including ${b.id} and ${c.id}; got ${below.length} below (${below.slice(0, 5).join(', ')})`,
      fromList.responses,
    );

    const toList = await listAllWebhooks(ctx, { 'filter[fromId]': a.id, 'filter[toId]': b.id });
    const toIds = idsOf(toList.webhooks);
    const above = toIds.filter((id) => !(Number(id) <= Number(b.id)));
    ctx.check.expect(
      'WH-LIST-FILTER-TO-ID',
      above.length === 0 && toIds.includes(a.id) && toIds.includes(b.id) && !toIds.includes(c.id),
      `filter[toId]=${b.id}: expected only ids <= ${b.id}, including ${a.id} and ${b.id}; got ${above.length} above (${above.slice(0, 5).join(', ')})`,
      toList.responses,
    );
  },
});

const INVALID_FILTERS: ReadonlyArray<[string, string]> = [
  ['filter[since]', 'yesterday'],
  ['filter[until]', '2026-13-45T00:00:00Z'],
  ['filter[fromId]', 'abc'],
  ['filter[toId]', '1.5'],
];

const invalidFilters = defineScenario({
  id: 'webhooks/list/invalid-filters',
  area: 'webhooks',
  requirements: ['WH-LIST-FILTER-INVALID'],
  async run(ctx) {
    for (const [name, value] of INVALID_FILTERS) {
      const response = await ctx.api.send('GET', '/webhooks', { query: { [name]: value } });
      ctx.check.expect(
        'WH-LIST-FILTER-INVALID',
        response.status >= 400 && response.status < 500,
        `${name}=${value}: expected a 4xx; got ${response.status}`,
        response,
      );
    }
  },
});

export const listScenarios: Scenario[] = [paging, pageMaximum, filters, invalidFilters];
