import type { EventTriggerKind, ScenarioContext } from '../../harness/engine/scenario.ts';
import type { SinkEndpoint, SinkDelivery } from '../../harness/targetIO/webhookSink.ts';
import type { SinkStep } from '../../harness/targetIO/webhookSinkScript.ts';
import { awaitDeliveries, describeWait } from './deliveryWait.ts';
import { makeEventsHappen } from './eventTriggers.ts';
import {
  type CreatedWebhook,
  disableOwnWebhook,
  plainAttributes,
  requireEnabledWebhook,
  type WebhookAttributes,
} from './webhookFixtures.ts';

// The suite's webhook sink as scenarios use it: one endpoint per webhook under
// test, removed when the scenario ends, and a one-time check that the target can
// reach the sink at all — without it every delivery check is UNTESTABLE, with the
// same reason, instead of a wall of failures.

/**
 * How an endpoint answers, one step per request, then the fallback (200 unless said).
 * Given when the endpoint is made, before its webhook exists: a webhook receives every
 * scenario's events from the moment it may (created, or enabled), so answers set after
 * that would leave a delivery that came meanwhile answered otherwise.
 */
export interface EndpointAnswers {
  script?: readonly SinkStep[];
  fallback?: SinkStep;
}

export async function sinkEndpoint(
  ctx: ScenarioContext,
  name: string,
  options: { token?: string } & EndpointAnswers = {},
): Promise<SinkEndpoint> {
  const sink = await ctx.sink.sink();
  const endpoint = sink.endpoint(`${ctx.faker.string.alphanumeric(4)}-${name}`, options);
  ctx.cleanup.add(`remove sink endpoint ${name}`, async () => endpoint.remove());
  return endpoint;
}

export interface Subscription extends CreatedWebhook {
  endpoint: SinkEndpoint;
  attributes: WebhookAttributes;
}

/** An Enabled webhook pointing at a fresh sink endpoint that verifies with the webhook's token. */
export async function subscribe(
  ctx: ScenarioContext,
  name: string,
  overrides: WebhookAttributes = {},
  answers: EndpointAnswers = {},
): Promise<Subscription> {
  const endpoint = await sinkEndpoint(ctx, name, answers);
  const attributes = plainAttributes(ctx, endpoint.url, overrides);
  endpoint.setToken(typeof attributes.token === 'string' ? attributes.token : undefined);
  const created = await requireEnabledWebhook(ctx, attributes);
  return { ...created, endpoint, attributes };
}

/** How the delivery scenarios make events happen, best first (suites/shared/eventTriggers.ts). */
export const DELIVERY_TRIGGERS: readonly EventTriggerKind[] = ['injection', 'sandbox-approve'];

/**
 * An Enabled All webhook whose only job is to tell when events have been
 * delivered: a webhook that must receive none of them (Disabled, or subscribed
 * to OnlyAuthorizationRequest) shows nothing by itself.
 */
export const witness = (ctx: ScenarioContext): Promise<Subscription> =>
  subscribe(ctx, 'witness', { token: '', deliveryMode: 'AtMostOnce', subscriptionType: 'All' });

const PROBE_WAIT_MS = 10_000;

// Any delivery proves the target reaches the sink, whoever's event it carries.
async function probe(ctx: ScenarioContext): Promise<string | undefined> {
  const subscription = await subscribe(ctx, 'reachability', { token: '', deliveryMode: 'AtMostOnce', subscriptionType: 'All' });
  await makeEventsHappen(ctx, 1, DELIVERY_TRIGGERS);
  // Its arrival is the run's first measure of how late deliveries come (suites/shared/deliveryWait.ts).
  const wait = await awaitDeliveries(ctx, subscription.endpoint, (deliveries) => deliveries.length > 0, PROBE_WAIT_MS);
  // Its job is done: the place it held in the run's webhook budget is the scenario's again.
  await disableOwnWebhook(ctx, subscription);
  if (wait.settled) return undefined;
  return (
    `the target did not deliver an event to the webhook sink at ${subscription.endpoint.url} (${describeWait(wait)}); ` +
    `set webhookSink.publicUrl${ctx.optionWords ? ` (or ${ctx.optionWords.sinkPublicUrl})` : ''} to an address the target can reach`
  );
}

/** Throws (making the scenario's checks UNTESTABLE) when the target cannot reach the sink; probed once per session. */
export async function ensureSinkReachable(ctx: ScenarioContext): Promise<void> {
  const reason = await ctx.sink.reachability(() => probe(ctx));
  if (reason) throw new Error(reason);
}

/** Ids of every event any of these deliveries carried. */
export function deliveredIds(deliveries: readonly SinkDelivery[]): Set<string> {
  const ids = new Set<string>();
  for (const delivery of deliveries) for (const event of delivery.payload.events) ids.add(event.id);
  return ids;
}

export const hasAll =
  (ids: Iterable<string>) =>
  (deliveries: readonly SinkDelivery[]): boolean => {
    const delivered = deliveredIds(deliveries);
    for (const id of ids) if (!delivered.has(id)) return false;
    return true;
  };

/** Deliveries that carried at least one of these event ids (unrelated events are ignored). */
export const carrying = (deliveries: readonly SinkDelivery[], ids: ReadonlySet<string>): SinkDelivery[] =>
  deliveries.filter((delivery) => delivery.payload.events.some((event) => ids.has(event.id)));
