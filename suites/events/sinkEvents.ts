import { injectEvents } from '../../harness/eventInjection.ts';
import type { ScenarioContext } from '../../harness/scenario.ts';
import { ensureSinkReachable } from '../delivery/sinkSession.ts';
import { listEvents } from './eventLists.ts';

// Events scenarios that watch deliveries at the webhook sink. With eventInjection
// the sink is probed once up front and events of any type are published on
// request. Without it the scenario's own first delivery is the probe (a scenario
// names the sink URL when it never comes), and an event of a type no operation
// here produces is delivered by resending one the target already holds (API 4.4:
// resend a previously published event, within 90 days).

const DAY_MS = 24 * 60 * 60 * 1000;
/** Resend only events this young, so that none ages out of the 90-day window on the way. */
const RESENDABLE_AGE_MS = 89 * DAY_MS;
export const FIRST_DELIVERY_MS = 10_000;

/** Probes the sink where the probe can make an event happen; elsewhere the first awaited delivery stands for it. */
export async function sinkReachableWhereProbed(ctx: ScenarioContext): Promise<void> {
  if (ctx.control.has('eventInjection')) await ensureSinkReachable(ctx);
}

/** Why a delivery the scenario waited for never came, naming the sink URL a remote target needs. */
export const neverDelivered = (what: string, url: string): Error =>
  new Error(`${what} never reached the webhook sink at ${url} within ${FIRST_DELIVERY_MS / 1000} s; ` +
    'if the target cannot reach the sink, set webhookSink.publicUrl (or --sink-public-url) to an address it can reach');

/**
 * Publishes an event of `type` to the target's webhooks: injected, else the newest
 * one the target holds, resent. Undefined (with the reason) when neither can be done.
 */
export async function publishEventOfType(ctx: ScenarioContext, type: string): Promise<{ id: string; via: string } | { reason: string }> {
  if (ctx.control.has('eventInjection')) {
    const [event] = await injectEvents(ctx.control, { type });
    return { id: event!.id, via: 'injected' };
  }
  const { events, response } = await listEvents(ctx, { 'filter[type][]': [type], 'page[limit]': 1000 });
  const now = Date.parse(response.headers.date ?? '') || Date.now();
  const held = events
    .filter((event) => event?.type === type && now - Date.parse(event.attributes?.createdAt) < RESENDABLE_AGE_MS)
    .sort((a, b) => Date.parse(b.attributes.createdAt) - Date.parse(a.attributes.createdAt))[0];
  if (!held) return { reason: `the target holds no ${type} event younger than 89 days to resend, and does not claim eventInjection` };
  const id = String(held.id);
  const resent = await ctx.api.call('event.resend', { params: { id }, body: {} });
  if (resent.status < 200 || resent.status >= 300) throw new Error(`resending the held ${type} event ${id} answered ${resent.status}`);
  return { id, via: `the held event ${id}, resent` };
}
