import { injectEvents } from '../shared/eventInjection.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import { ensureSinkReachable } from '../shared/sinkSession.ts';
import { type DeliveryWait, describeWait } from '../shared/deliveryWait.ts';
import { listEvents } from './eventLists.ts';
import type { OptionWords } from '../../harness/records/optionWords.ts';

// Events scenarios that watch deliveries at the webhook sink. With eventInjection
// the sink is probed once up front and events of any type are published on
// request. Without it the scenario's own first delivery is the probe (a scenario
// names the sink URL when it never comes), and an event of a type no operation
// here produces is delivered by resending one the target already holds (API 4.4:
// resend a previously published event, within 90 days).

const DAY_MS = 24 * 60 * 60 * 1000;
/** Resend only events this young, so that none ages out of the 90-day window on the way. */
const RESENDABLE_AGE_MS = 89 * DAY_MS;
/** How long nothing may arrive before a delivery waited for is taken as not coming (more on a target seen slower). */
export const FIRST_DELIVERY_MS = 10_000;

/** Probes the sink where the probe can make an event happen; elsewhere the first awaited delivery stands for it. */
export async function sinkReachableWhereProbed(ctx: ScenarioContext): Promise<void> {
  if (ctx.control.has('eventInjection')) await ensureSinkReachable(ctx);
}

/** Why a delivery the scenario waited for never came, naming the sink URL a remote target needs (and its option, where a command started the run). */
export const neverDelivered = (what: string, url: string, wait: DeliveryWait, words: OptionWords | undefined): Error =>
  new Error(
    `${what} never reached the webhook sink at ${url} (${describeWait(wait)}); ` +
      `if the target cannot reach the sink, set webhookSink.publicUrl${words ? ` (or ${words.sinkPublicUrl})` : ''} to an address it can reach`,
  );

/** The newest held event of `type` young enough to resend, resent; or why there is none. */
async function resendHeld(ctx: ScenarioContext, type: string): Promise<{ id: string; type: string } | { reason: string }> {
  const { events, response } = await listEvents(ctx, { 'filter[type][]': [type], 'page[limit]': 1000 });
  const now = Date.parse(response.headers.date ?? '') || Date.now();
  const held = events
    .filter((event) => event?.type === type && now - Date.parse(event.attributes?.createdAt) < RESENDABLE_AGE_MS)
    .sort((a, b) => Date.parse(b.attributes.createdAt) - Date.parse(a.attributes.createdAt))[0];
  if (!held) return { reason: `the target holds no ${type} event younger than 89 days to resend` };
  const id = String(held.id);
  const resent = await ctx.api.call('event.resend', { params: { id }, body: {} });
  if (resent.status < 200 || resent.status >= 300) throw new Error(`resending the held ${type} event ${id} answered ${resent.status}`);
  return { id, type };
}

export interface PublishedEvents {
  events: Array<{ id: string; type: string }>;
  how: 'injected' | 'held events resent';
  /** Why some types could not be published (none held), for a SKIP when nothing was. */
  unpublished: string[];
}

/** Publishes one event of each of `types` to the target's webhooks: injected, else the newest one the target holds of each, resent. */
export async function publishEventsOfTypes(ctx: ScenarioContext, types: readonly string[]): Promise<PublishedEvents> {
  if (ctx.control.has('eventInjection')) {
    const injected = await injectEvents(ctx.control, { types });
    return { events: injected.map(({ id, type }) => ({ id, type })), how: 'injected', unpublished: [] };
  }
  const published: PublishedEvents = { events: [], how: 'held events resent', unpublished: [] };
  for (const type of types) {
    const outcome = await resendHeld(ctx, type);
    if ('reason' in outcome) published.unpublished.push(outcome.reason);
    else published.events.push(outcome);
  }
  return published;
}
