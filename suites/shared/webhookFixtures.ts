import type { ApiResponse } from '../../harness/targetIO/apiClient.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import { waitOnTarget } from '../../harness/records/runMetrics.ts';
import { pauseAfterRead, timedRead } from '../../harness/targetIO/pollCadence.ts';

// Creating, reading and listing webhooks for the scenarios of the webhooks,
// delivery and events areas. Every webhook a scenario creates is disabled when
// the scenario ends: the API has no delete, and disabling restores the number of
// Enabled webhooks (the sandbox limit of 100) to what the scenario found.

export type WebhookAttributes = Record<string, unknown>;

export const webhookDocument = (attributes: WebhookAttributes) => ({ data: { type: 'webhook', attributes } });

/** A complete, valid create: every attribute 2.6 lists as plain, none of the optional ones. */
export function plainAttributes(ctx: ScenarioContext, url: string, overrides: WebhookAttributes = {}): WebhookAttributes {
  return {
    label: `conformance ${ctx.faker.word.noun()} ${ctx.faker.string.alphanumeric(6)}`,
    url,
    token: `tok-${ctx.faker.string.alphanumeric(20)}`,
    contentType: 'JsonAPI',
    deliveryMode: 'AtMostOnce',
    ...overrides,
  };
}

export interface CreatedWebhook {
  id: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  webhook: any;
  response: ApiResponse;
  /** Disabled by the scenario: no longer held. */
  released?: boolean;
}

export const succeeded = (response: ApiResponse): boolean => response.status >= 200 && response.status < 300;

/**
 * POST /webhooks; when it creates something, the webhook is disabled again at cleanup. The run counts what it holds.
 * The create's answer is not shown (4.3): a success that does not name the webhook is followed by a look in the
 * list for the one carrying this request's own URL and label.
 */
export async function createWebhook(
  ctx: ScenarioContext,
  attributes: WebhookAttributes,
): Promise<{ response: ApiResponse; created?: CreatedWebhook }> {
  const response = await ctx.api.call('webhook.create', { body: webhookDocument(attributes) });
  if (!succeeded(response)) return { response };
  const webhook = hasId(response.body?.data) ? response.body.data : await findOwnWebhook(ctx, attributes);
  if (!webhook) return { response };
  const created: CreatedWebhook = { id: String(webhook.id), webhook, response };
  ctx.shared.holdWebhook(`POST /webhooks → ${created.id}`);
  ctx.cleanup.record({ kind: 'webhook', id: created.id }, () => disableOwnWebhook(ctx, created));
  return { response, created };
}

/** Disables a webhook the scenario created; the first success gives its place in the run's webhook budget back. */
export async function disableOwnWebhook(ctx: ScenarioContext, created: CreatedWebhook): Promise<ApiResponse> {
  const disabled = await ctx.api.call('webhook.disable', { params: { id: created.id } });
  if (succeeded(disabled) && !created.released) {
    created.released = true;
    ctx.shared.releaseWebhook();
    // Disabled now, not at the scenario's end: a killed run's ledger must not name it as live.
    ctx.cleanup.noteUndone({ kind: 'webhook', id: created.id });
  }
  return disabled;
}

/** How long a scenario that needs a webhook waits for a shared sandbox's Enabled limit (4.3, 8) to free a place. */
export const LIMIT_WAIT_MS = 120_000;
const LIMIT_RETRY_MS = 2_000;

/** The target's answer says its limit of Enabled webhooks is reached (409, API 4.3). */
const limitReached = (response: ApiResponse): boolean => response.status === 409 && /limit/i.test(JSON.stringify(response.body ?? ''));

/**
 * A webhook the scenario cannot do without: a refusal ends the scenario (its checks
 * become UNTESTABLE). Where the sandbox's limit of Enabled webhooks is reached (other
 * tenants, another run) it waits for a place, at most LIMIT_WAIT_MS, counted in the run's footprint.
 */
export async function requireWebhook(ctx: ScenarioContext, attributes: WebhookAttributes): Promise<CreatedWebhook> {
  const waitUntil = Date.now() + LIMIT_WAIT_MS;
  for (;;) {
    const { response, created } = await createWebhook(ctx, attributes);
    if (created) return created;
    if (succeeded(response)) {
      throw new Error(
        `POST /webhooks answered ${response.status} without naming a webhook, and none with its URL and label is listed; the scenario needs a webhook`,
      );
    }
    if (!limitReached(response) || Date.now() + LIMIT_RETRY_MS > waitUntil) {
      throw new Error(`POST /webhooks answered ${response.status}; the scenario needs a webhook: ${JSON.stringify(response.body)}`);
    }
    ctx.shared.webhooks.limitWaits += 1;
    ctx.shared.webhooks.limitWaitedMs += LIMIT_RETRY_MS;
    ctx.log(`the target's webhook limit is reached; waiting ${LIMIT_RETRY_MS / 1000} s for a place`);
    await waitOnTarget(LIMIT_RETRY_MS);
  }
}

/** A webhook that receives deliveries: enabled explicitly when the target creates it in another status. */
export async function requireEnabledWebhook(ctx: ScenarioContext, attributes: WebhookAttributes): Promise<CreatedWebhook> {
  const created = await requireWebhook(ctx, attributes);
  if (created.webhook?.attributes?.status !== 'Enabled') {
    const enabled = await ctx.api.call('webhook.enable', { params: { id: created.id } });
    if (enabled.status !== 200)
      throw new Error(`the new webhook is ${created.webhook?.attributes?.status} and enabling it answered ${enabled.status}`);
    created.webhook = enabled.body.data;
  }
  return created;
}

export async function getWebhook(ctx: ScenarioContext, id: string): Promise<ApiResponse> {
  return ctx.api.call('webhook.get', { params: { id } });
}

/** Every webhook, following page[offset] in pages of 1000 (the maximum). */
export async function listAllWebhooks(
  ctx: ScenarioContext,
  query: Record<string, string> = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ webhooks: any[]; responses: ApiResponse[] }> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const webhooks: any[] = [];
  const responses: ApiResponse[] = [];
  for (let offset = 0; ; offset += 1000) {
    const response = await ctx.api.call('webhook.list', { query: { ...query, 'page[limit]': 1000, 'page[offset]': offset } });
    responses.push(response);
    if (response.status !== 200 || !Array.isArray(response.body?.data)) {
      throw new Error(`GET /webhooks answered ${response.status}; the scenario needs the list of webhooks`);
    }
    webhooks.push(...response.body.data);
    if (response.body.data.length < 1000 || offset > 100_000) break;
  }
  return { webhooks, responses };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const hasId = (resource: any): boolean => typeof resource?.id === 'string' || typeof resource?.id === 'number';

/** The members of a create that tell the run's webhook from everyone else's: its own sink URL and its label. */
function ownMarkers(attributes: WebhookAttributes): Partial<Record<'url' | 'label', string>> {
  return Object.fromEntries(
    (['url', 'label'] as const).flatMap((name) => {
      const value = attributes[name];
      return typeof value === 'string' && value !== '' ? [[name, value]] : [];
    }),
  );
}

/** How often, and how far apart, the list is read for a webhook that a create made but did not name. */
const LOOKUP_READS = 3;
const LOOKUP_PAUSE_MS = 500;

/**
 * The webhook a create with these attributes made, found in GET /webhooks by its URL and label (in any
 * order, among everyone else's); undefined when none is listed after `reads` reads of the list (a
 * target may list a new webhook a moment late). Each create's label is drawn afresh (plainAttributes),
 * so two that match come from one create: the newest is taken.
 */
export async function findOwnWebhook(
  ctx: ScenarioContext,
  attributes: WebhookAttributes,
  reads = LOOKUP_READS,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<any | undefined> {
  const markers = Object.entries(ownMarkers(attributes));
  if (markers.length === 0) return undefined;
  for (let read = 1; ; read += 1) {
    const { value: list, readMs } = await timedRead(() => listAllWebhooks(ctx));
    const ours = list.webhooks.filter(
      (webhook) => hasId(webhook) && markers.every(([name, value]) => webhook.attributes?.[name] === value),
    );
    if (ours.length > 1) ctx.log(`${ours.length} webhooks carry the URL and label of one create; the newest is taken`);
    if (ours.length > 0) return ours.reduce((newest, webhook) => (createdMs(webhook) > createdMs(newest) ? webhook : newest));
    if (read >= reads) return undefined;
    await pause(pauseAfterRead(LOOKUP_PAUSE_MS * read, readMs));
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const createdMs = (webhook: any): number => Date.parse(String(webhook?.attributes?.createdAt)) || 0;

export const isEnabled = (webhook: { attributes?: { status?: unknown } }): boolean => webhook?.attributes?.status === 'Enabled';

export const pause = (ms: number): Promise<void> => waitOnTarget(ms);

/** A date-time strictly between two timestamps (both as rendered by the target). */
export function between(earlier: string, later: string): string {
  const a = Date.parse(earlier);
  const b = Date.parse(later);
  return new Date(Math.floor((a + b) / 2)).toISOString();
}
