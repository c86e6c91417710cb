import type { ApiResponse } from '../../harness/targetIO/apiClient.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import { waitOnTarget } from '../../harness/records/runMetrics.ts';
import { type Attributes, ruleBody } from './ruleRequests.ts';

// Steps the positive pay scenarios share: create (with cleanup), read, list.
// A step that cannot get what the scenario needs throws, which makes the
// scenario's unjudged requirements UNTESTABLE with the reason.

/** A rule as the target returned it; narrowed where read. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RuleResource = { id: string; type: string; attributes: Record<string, any>; relationships?: Record<string, any> };

export const isSuccess = (response: ApiResponse): boolean => response.status >= 200 && response.status < 300;
export const is4xx = (response: ApiResponse): boolean => response.status >= 400 && response.status < 500;
export const sleep = waitOnTarget;

const cancelled = new WeakMap<ScenarioContext, Set<string>>();

/** The scenario cancelled this rule itself; cleanup need not. */
export function markCancelled(ctx: ScenarioContext, id: string): void {
  if (!cancelled.has(ctx)) cancelled.set(ctx, new Set());
  cancelled.get(ctx)!.add(id);
}

export function cancelOnCleanup(ctx: ScenarioContext, id: string): void {
  ctx.cleanup.record({ kind: 'rule', id }, async () => {
    if (cancelled.get(ctx)?.has(id)) return;
    await ctx.api.send('POST', `/positive-pay/${encodeURIComponent(id)}/cancel`);
  });
}

/** POST /positive-pay as a documented call; whatever it creates is cancelled at the end. */
export async function postRule(
  ctx: ScenarioContext,
  type: string,
  attributes: Attributes,
  accountId: string | undefined,
): Promise<ApiResponse> {
  const response = await ctx.api.call('positivePay.create', { body: ruleBody(type, attributes, accountId) });
  registerCreated(ctx, response);
  return response;
}

/** For negative tests: the same request, judged only on time-out and media type. */
export async function sendRule(ctx: ScenarioContext, body: unknown, contentType?: string): Promise<ApiResponse> {
  const response = await ctx.api.send('POST', '/positive-pay', contentType ? { body, contentType } : { body });
  registerCreated(ctx, response);
  return response;
}

function registerCreated(ctx: ScenarioContext, response: ApiResponse): void {
  const id = response.body?.data?.id;
  if (isSuccess(response) && typeof id === 'string') cancelOnCleanup(ctx, id);
}

/** A rule the scenario needs in order to test something else. */
export async function requireRule(ctx: ScenarioContext, type: string, attributes: Attributes, accountId: string): Promise<RuleResource> {
  const response = await postRule(ctx, type, attributes, accountId);
  const rule = response.body?.data as RuleResource | undefined;
  if (response.status !== 201 || typeof rule?.id !== 'string') {
    throw new Error(`creating a ${type} rule to test with answered ${response.status}, so this could not be checked`);
  }
  return rule;
}

export async function getRule(ctx: ScenarioContext, id: string): Promise<{ response: ApiResponse; rule?: RuleResource }> {
  const response = await ctx.api.call('positivePay.get', { params: { id } });
  return { response, rule: response.status === 200 ? (response.body?.data as RuleResource) : undefined };
}

export async function statusOf(ctx: ScenarioContext, id: string): Promise<string | undefined> {
  const { response, rule } = await getRule(ctx, id);
  if (response.status !== 200)
    throw new Error(`GET /positive-pay/${id} answered ${response.status}, so the rule's status could not be read`);
  return rule?.attributes?.status;
}

export type ListQuery = Record<string, string | number | undefined>;

/** GET /positive-pay; throws unless 200 with a data array. */
export async function listRules(ctx: ScenarioContext, query: ListQuery): Promise<{ response: ApiResponse; rules: RuleResource[] }> {
  const response = await ctx.api.call('positivePay.list', { query });
  if (response.status !== 200 || !Array.isArray(response.body?.data)) {
    throw new Error(`GET /positive-pay with ${JSON.stringify(query)} answered ${response.status} without a data array`);
  }
  return { response, rules: response.body.data as RuleResource[] };
}

const FULL_PAGE = 1000;
const MAX_PAGES = 10;

/**
 * Reads the list in pages of 1000 until every one of `wanted` has been seen (or
 * the list ends): on a lived-in account the rules a scenario just created can sit
 * behind thousands of others, e.g. at the end of an ascending list.
 */
export async function listUntilFound(
  ctx: ScenarioContext,
  query: ListQuery,
  wanted: ReadonlySet<string>,
): Promise<{ responses: ApiResponse[]; rules: RuleResource[] }> {
  const responses: ApiResponse[] = [];
  const rules: RuleResource[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const read = await listRules(ctx, { ...query, 'page[limit]': FULL_PAGE, 'page[offset]': page * FULL_PAGE });
    responses.push(read.response);
    rules.push(...read.rules);
    const seen = new Set(rules.map((rule) => rule.id));
    if (read.rules.length < FULL_PAGE || [...wanted].every((id) => seen.has(id))) break;
  }
  return { responses, rules };
}

/** The tag that lets a scenario find a rule it may have caused, among other people's rules. */
export const MARKER_TAG = 'conformanceProbe';

const MARKER_DAYS_FROM = Date.UTC(2030, 0, 1);
// 2030 through 2089: dates a target has no reason to refuse, and none the suite's own far-future
// expiration dates (2090–2099, shared/ruleRequests.ts) can fall on.
const MARKER_DAY_SPAN = 21_900;

/**
 * Where tags are under test the marker cannot be a tag: it is carried as an
 * expiration date (an optional member of every rule type, API 2.4) derived from it,
 * one of 21,900 days, so a stray rule is still told from other people's.
 */
export function markerExpirationDate(marker: string): string {
  const day = Number.parseInt(marker.replace(/[^0-9a-f]/gi, '').slice(0, 8), 16) % MARKER_DAY_SPAN;
  return new Date(MARKER_DAYS_FROM + day * 86_400_000).toISOString().slice(0, 10);
}

/** Where withMarker carries the marker in these attributes: a tag, or where the request's own tags are under test an expiration date. */
export type MarkerCarrier = 'tag' | 'expirationDate';
export const markerCarrier = (attributes: Record<string, unknown>): MarkerCarrier => ('tags' in attributes ? 'expirationDate' : 'tag');

/** Attributes with a unique marker, carried as markerCarrier says. */
export function withMarker(attributes: Record<string, unknown>, marker: string): Record<string, unknown> {
  if (markerCarrier(attributes) === 'tag') return { ...attributes, tags: { [MARKER_TAG]: marker } };
  if ('expirationDate' in attributes)
    throw new Error('a request with both tags and expirationDate under test leaves nowhere to carry a marker');
  return { ...attributes, expirationDate: markerExpirationDate(marker) };
}

/**
 * Only in the form it was sent in: a marker sent as a tag is unique, but any rule of anyone's
 * may carry an expiration date that happens to be the one the marker maps to.
 */
function carriesMarker(rule: RuleResource, marker: string, carrier: MarkerCarrier): boolean {
  if (carrier === 'tag') return rule.attributes?.tags?.[MARKER_TAG] === marker;
  const expiration = rule.attributes?.expirationDate;
  return typeof expiration === 'string' && expiration.startsWith(markerExpirationDate(marker));
}

/** Ids of the account's newest rules (up to 1000) that carry the marker. */
export async function rulesCarryingMarker(
  ctx: ScenarioContext,
  accountId: string | undefined,
  marker: string,
  carrier: MarkerCarrier,
): Promise<string[]> {
  const query: ListQuery = { sort: '-createdAt', 'page[limit]': FULL_PAGE };
  if (accountId !== undefined) query['filter[accountId]'] = accountId;
  const { rules } = await listRules(ctx, query);
  return rules.filter((rule) => carriesMarker(rule, marker, carrier)).map((rule) => rule.id);
}

/**
 * Creates rules one after another with a pause between, so their createdAt
 * values differ and the creation order is the createdAt order.
 */
export async function createInSequence(
  ctx: ScenarioContext,
  accountId: string,
  specs: ReadonlyArray<{ type: string; attributes: Attributes }>,
): Promise<RuleResource[]> {
  const rules: RuleResource[] = [];
  for (const spec of specs) {
    if (rules.length > 0) await sleep(5);
    rules.push(await requireRule(ctx, spec.type, spec.attributes, accountId));
  }
  return rules;
}
