import { defineScenario, type Scenario } from '../../harness/engine/scenario.ts';
import type { SinkDelivery } from '../../harness/targetIO/webhookSink.ts';
import { carrying, hasAll, subscribe } from '../shared/sinkSession.ts';
import { makeEventsHappen } from '../shared/eventTriggers.ts';
import { awaitDeliveries, describeWait, watchQuietly } from '../shared/deliveryWait.ts';
import { idsOf, listAllEvents } from './eventLists.ts';
import { FIRST_DELIVERY_MS, neverDelivered, sinkReachableWhereProbed } from './sinkEvents.ts';
import { requireOurEvents } from './ourEvents.ts';

// API 4.4, 6.1, 6.2 and 8: resending events, and the 90-day window of get, list and resend.

const DAY = 24 * 60 * 60 * 1000;
const QUIET_MS = 400;
/** How long nothing may arrive before a copy a resend must not cause is taken as not coming (more on a target seen slower). */
const UNKNOWN_COPY_WAIT_MS = 2000;

const copiesOf = (deliveries: readonly SinkDelivery[], id: string): number =>
  deliveries.filter((delivery) => delivery.payload.events.some((event) => event.id === id)).length;

const TRIGGERS = ['injection', 'sandbox-approve'] as const;
/** An id no event has. */
const UNKNOWN_EVENT_ID = '987654321987';

type Relationships = Record<string, unknown> | undefined;
const sameRelationships = (a: Relationships, b: Relationships) => a !== undefined && JSON.stringify(a) === JSON.stringify(b);

const resend = defineScenario({
  id: 'events/resend',
  area: 'events',
  requirements: ['EV-RESEND', 'EV-RESEND-STATUS', 'EV-RESEND-RESPONSE', 'DL-EVENT-ID-STABLE'],
  webhooks: 2,
  needs: ['webhookDelivery'],
  eventTriggers: TRIGGERS,
  // It waits for its events through an AtMostOnce webhook.
  reads: ['event-volume'],
  async run(ctx) {
    await sinkReachableWhereProbed(ctx);
    const admitting = await subscribe(ctx, 'resend-all', { deliveryMode: 'AtMostOnce', subscriptionType: 'All' });
    const excluded = await subscribe(ctx, 'resend-only-auth', { deliveryMode: 'AtMostOnce', subscriptionType: 'OnlyAuthorizationRequest' });
    const triggered = await makeEventsHappen(ctx, 1, TRIGGERS, ['card.pinChanged']);
    const [event] = (await requireOurEvents(ctx, triggered)).expected;
    const id = String(event.id);
    const first = await awaitDeliveries(ctx, admitting.endpoint, hasAll([id]), FIRST_DELIVERY_MS);
    if (!first.settled)
      throw neverDelivered(`the ${event.type} event ${id} (${triggered.via})`, admitting.endpoint.url, first, ctx.optionWords);
    const response = await ctx.api.call('event.resend', { params: { id }, body: {} });
    ctx.check.observe(
      'EV-RESEND-RESPONSE',
      { status: response.status, data: response.body?.data?.id === id ? 'the event' : typeof response.body?.data },
      `resend answered ${response.status}${response.body?.data?.id === id ? ' with the event' : ''}`,
      response,
    );
    // The copy is waited for like the first delivery, while the webhook's queue moves: the documents set no time for either.
    const copy = await awaitDeliveries(ctx, admitting.endpoint, (deliveries) => copiesOf(deliveries, id) >= 2, FIRST_DELIVERY_MS);
    await watchQuietly(ctx, QUIET_MS / 2);
    const copies = copiesOf(admitting.endpoint.deliveries(), id);
    const toExcluded = carrying(excluded.endpoint.deliveries(), new Set([id]));
    // The redelivery is the effect; the answer is not shown (4.4), so its status is judged apart.
    ctx.check.expect(
      'EV-RESEND',
      copies >= 2 && toExcluded.length === 0,
      `resend: expected event ${id} again at the All webhook and not at the OnlyAuthorizationRequest one; copies at All: ${copies}, at OnlyAuthorizationRequest: ${toExcluded.length} (it answered ${response.status})${copy.settled ? '' : ` (${describeWait(copy)})`}`,
      [response, ...carrying(admitting.endpoint.deliveries(), new Set([id]))],
    );
    if (copies >= 2)
      ctx.check.expect(
        'EV-RESEND-STATUS',
        response.status >= 200 && response.status < 300,
        `resend of event ${id}, which came again: expected a 2xx answer; got ${response.status}`,
        response,
      );
    else
      ctx.check.skip('EV-RESEND-STATUS', `the resend of event ${id} sent nothing again, so its answer is not that of a resend carried out`);
    // A copy under a new id: the same type about the same resources (others' events of that type relate to others).
    const renamed = admitting.endpoint
      .deliveries()
      .flatMap((d) => d.payload.events)
      .filter(
        (e) => e.id !== id && e.type === event.type && sameRelationships(e.event?.relationships as Relationships, event.relationships),
      );
    ctx.check.expect(
      'DL-EVENT-ID-STABLE',
      copies >= 2 && renamed.length === 0,
      `a resent event: expected its id ${id} kept; ${copies >= 2 ? 'the copy kept it' : 'no copy with that id came'}${renamed.length ? `; ${renamed.length} copies arrived under new ids (${renamed.map((e) => e.id).join(', ')})` : ''}`,
    );
  },
});

const resendUnknown = defineScenario({
  id: 'events/resend-unknown',
  area: 'events',
  requirements: ['EV-RESEND-UNKNOWN'],
  async run(ctx) {
    const response = await ctx.api.send('POST', `/events/${UNKNOWN_EVENT_ID}`, { body: {} });
    ctx.check.expect(
      'EV-RESEND-UNKNOWN',
      response.status === 404,
      `resend of an event that does not exist: expected 404; got ${response.status}`,
      response,
    );
  },
});

const resendUnknownDeliversNothing = defineScenario({
  id: 'events/resend-unknown/delivers-nothing',
  area: 'events',
  requirements: ['EV-RESEND-UNKNOWN-NO-DELIVERY'],
  needs: ['webhookDelivery'],
  eventTriggers: TRIGGERS,
  // It waits for its events through an AtMostOnce webhook.
  reads: ['event-volume'],
  async run(ctx) {
    // On a shared target others' events reach any webhook: what the resend must not
    // deliver is the unknown id, or a copy of an event this webhook already had.
    await sinkReachableWhereProbed(ctx);
    const witness = await subscribe(ctx, 'resend-unknown', { deliveryMode: 'AtMostOnce', subscriptionType: 'All' });
    const triggered = await makeEventsHappen(ctx, 1, TRIGGERS, ['card.pinChanged']);
    const [event] = (await requireOurEvents(ctx, triggered)).expected;
    const id = String(event.id);
    const first = await awaitDeliveries(ctx, witness.endpoint, hasAll([id]), FIRST_DELIVERY_MS);
    if (!first.settled)
      throw neverDelivered(`the ${event.type} event ${id} (${triggered.via})`, witness.endpoint.url, first, ctx.optionWords);
    const response = await ctx.api.send('POST', `/events/${UNKNOWN_EVENT_ID}`, { body: {} });
    await awaitDeliveries(
      ctx,
      witness.endpoint,
      (deliveries) => copiesOf(deliveries, id) >= 2 || copiesOf(deliveries, UNKNOWN_EVENT_ID) > 0,
      UNKNOWN_COPY_WAIT_MS,
      false,
    );
    await watchQuietly(ctx, QUIET_MS);
    const deliveries = witness.endpoint.deliveries();
    const unknown = copiesOf(deliveries, UNKNOWN_EVENT_ID);
    const again = copiesOf(deliveries, id) - 1;
    ctx.check.expect(
      'EV-RESEND-UNKNOWN-NO-DELIVERY',
      unknown === 0 && again === 0,
      `resend of event ${UNKNOWN_EVENT_ID}, which does not exist: expected no delivery; it answered ${response.status}, ${unknown} deliveries carried that id and ${again} carried event ${id} (delivered before) again`,
      [response, ...carrying(deliveries, new Set([UNKNOWN_EVENT_ID, id]))],
    );
  },
});

const retention = defineScenario({
  id: 'events/ninety-day-window',
  area: 'events',
  requirements: ['EV-RETENTION-GET', 'EV-RETENTION-LIST', 'EV-RETENTION-RESEND', 'EV-RETENTION-RESEND-4XX'],
  needs: ['clockControl', 'webhookDelivery'],
  eventTriggers: TRIGGERS,
  // It waits for its events through an AtMostOnce webhook.
  reads: ['event-volume'],
  async run(ctx) {
    await sinkReachableWhereProbed(ctx);
    const subscription = await subscribe(ctx, 'retention', { deliveryMode: 'AtMostOnce', subscriptionType: 'All' });
    const triggered = await makeEventsHappen(ctx, 1, TRIGGERS, ['taxForm.updated']);
    const [event] = (await requireOurEvents(ctx, triggered)).expected;
    const id = String(event.id);
    // Its first delivery must have come before the resend is judged, or a late one would count as a resend.
    const firstWait = await awaitDeliveries(ctx, subscription.endpoint, hasAll([id]), FIRST_DELIVERY_MS);
    const delivered = firstWait.settled;
    const listed = async () =>
      idsOf((await listAllEvents(ctx, { 'filter[type][]': [event.type], 'filter[since]': triggered.since })).events).includes(id);

    await ctx.control.advanceClock(89 * DAY);
    const young = await ctx.api.call('event.get', { params: { id } });
    ctx.check.expect('EV-RETENTION-GET', young.status === 200, `an event 89 days old: expected 200; got ${young.status}`, young);
    ctx.check.expect('EV-RETENTION-LIST', await listed(), 'an event 89 days old: expected it still listed');

    await ctx.control.advanceClock(DAY + 60 * 60 * 1000);
    const old = await ctx.api.send('GET', `/events/${id}`);
    ctx.check.expect(
      'EV-RETENTION-GET',
      old.status !== 200,
      `an event over 90 days old: expected it no longer fetchable; got ${old.status}`,
      old,
    );
    const stillListed = await listed();
    ctx.check.expect(
      'EV-RETENTION-LIST',
      !stillListed,
      `an event over 90 days old: expected it no longer listed; it ${stillListed ? 'is' : 'is not'}`,
    );
    const before = copiesOf(subscription.endpoint.deliveries(), id);
    const resent = await ctx.api.send('POST', `/events/${id}`, { body: {} });
    await watchQuietly(ctx, QUIET_MS);
    const after = copiesOf(subscription.endpoint.deliveries(), id);
    if (delivered) {
      ctx.check.expect(
        'EV-RETENTION-RESEND',
        after === before,
        `resend of an event over 90 days old: expected no delivery; ${after - before} new deliveries (answered ${resent.status})`,
        resent,
      );
    } else {
      ctx.check.untestable(
        'EV-RETENTION-RESEND',
        `${neverDelivered(`the ${event.type} event ${id} (${triggered.via})`, subscription.endpoint.url, firstWait, ctx.optionWords).message}: a copy after the resend could not be told from a late first delivery`,
        resent,
      );
    }
    ctx.check.expect(
      'EV-RETENTION-RESEND-4XX',
      resent.status >= 400 && resent.status < 500,
      `resend of an event over 90 days old: expected a 4xx; answered ${resent.status}`,
      resent,
    );
  },
});

export const resendScenarios: Scenario[] = [resend, resendUnknown, resendUnknownDeliversNothing, retention];
