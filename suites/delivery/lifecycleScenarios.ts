import type { ApiResponse } from '../../harness/targetIO/apiClient.ts';
import { defineScenario, type Scenario, type ScenarioContext } from '../../harness/engine/scenario.ts';
import { chooseTrigger, makeEventsHappen } from '../shared/eventTriggers.ts';
import { type WebhookAttributes, webhookDocument } from '../shared/webhookFixtures.ts';
import { watchQuietly } from '../shared/deliveryWait.ts';
import { DeliveredEvents } from './deliveredEvents.ts';
import { DELIVERY_MEDIA_TYPES as MEDIA_TYPES } from '../../contract/facts/mediaTypes.ts';
import { DELIVERY_MODES, type DeliveryMode } from '../../contract/facts/webhookAttributes.ts';
import { DELIVERY_TRIGGERS, ensureSinkReachable, sinkEndpoint, subscribe, witness } from '../shared/sinkSession.ts';
import { admits, AUTHORIZATION_REQUESTS, excludedArrivals } from './subscriptionTypes.ts';

// API 2.6, 3.2, 4.3 and 6.1 as deliveries show them: defaults, Disabled webhooks,
// and updates that change where and how events are delivered. Events are
// injected where the target allows it, else made to happen by approving
// applications (customer.created, API 3.3, 6.3); only the scenario's own events
// are judged, as other people's keep arriving on a shared sandbox.

/** After the events reached an Enabled webhook, how long a webhook that must not receive them is watched (more on a target seen slower). */
const QUIET_MS = 400;
/** How long nothing may arrive before what is missing is taken as not coming (more on a target seen slower). */
const ARRIVAL_WAIT_MS = 5000;
const STRAGGLER_MS = 150;

const disabled = (deliveryMode: DeliveryMode) =>
  defineScenario({
    id: `delivery/disabled/${deliveryMode}`,
    area: 'delivery',
    requirements: ['DL-DISABLED-NO-DELIVERY'],
    // The Disabled webhook and an Enabled witness.
    webhooks: 2,
    needs: ['webhookDelivery'],
    eventTriggers: DELIVERY_TRIGGERS,
    // It waits for its events through an AtMostOnce webhook.
    reads: ['event-volume'],
    async run(ctx) {
      await ensureSinkReachable(ctx);
      const subscription = await subscribe(ctx, `disabled-${deliveryMode}`, { deliveryMode, subscriptionType: 'All' });
      const watcher = await witness(ctx);
      const off = await ctx.api.call('webhook.disable', { params: { id: subscription.id } });
      if (off.status !== 200) throw new Error(`disable answered ${off.status}`);
      const happened = await makeEventsHappen(ctx, 3, DELIVERY_TRIGGERS, [
        'card.created',
        'authorizationRequest.approved',
        'statement.created',
      ]);
      const events = new DeliveredEvents(ctx);
      if (!(await events.arrived(watcher.endpoint, happened.expected, ARRIVAL_WAIT_MS, happened.since))) {
        throw new Error(
          `the events did not reach an Enabled webhook either${events.waitedFor(watcher.endpoint)}, so a Disabled one not receiving them shows nothing`,
        );
      }
      await watchQuietly(ctx, QUIET_MS);
      const deliveries = [...subscription.endpoint.deliveries()];
      await events.learn(deliveries);
      const received = events.ours(deliveries, happened);
      const withOurs = deliveries.filter((delivery) => delivery.payload.events.some((event) => received.has(event.id)));
      ctx.check.expect(
        'DL-DISABLED-NO-DELIVERY',
        received.size === 0,
        `a Disabled ${deliveryMode} webhook: expected to receive nothing; it received ${received.size} of the events made to happen (${happened.via}) while it was Disabled, which an Enabled webhook received`,
        received.size ? withOurs : off,
      );
    },
  });

const defaults = defineScenario({
  id: 'delivery/defaults',
  area: 'delivery',
  requirements: ['WH-DEFAULT-SUBSCRIPTION-TYPE', 'DL-INCLUDE-RESOURCES-OFF'],
  needs: ['webhookDelivery'],
  eventTriggers: DELIVERY_TRIGGERS,
  // It waits for its events through an AtMostOnce webhook.
  reads: ['event-volume'],
  async run(ctx) {
    await ensureSinkReachable(ctx);
    const subscription = await subscribe(ctx, 'defaults', { deliveryMode: 'AtMostOnce' });
    const happened = await makeEventsHappen(ctx, 2, DELIVERY_TRIGGERS, ['authorizationRequest.declined', 'card.activated']);
    const events = new DeliveredEvents(ctx);
    const arrived = await events.arrived(subscription.endpoint, happened.expected, ARRIVAL_WAIT_MS, happened.since);
    const deliveries = [...subscription.endpoint.deliveries()];
    const kinds = happened.expected.some((event) => AUTHORIZATION_REQUESTS.has(event.type))
      ? 'authorization request and other events alike'
      : // No documented operation makes an authorization request happen: All is told from OnlyAuthorizationRequest here, from NotAuthorizationRequest by the returned attribute (webhooks/create).
        `${[...new Set(happened.expected.map((event) => event.type))].join(', ')} (no authorization request can be made to happen on this target)`;
    ctx.check.expect(
      'WH-DEFAULT-SUBSCRIPTION-TYPE',
      arrived,
      `a webhook with the default subscription: expected ${kinds}; ${arrived ? 'they arrived' : `${events.missing(deliveries, happened.expected).length} of ${happened.expected.length} did not arrive${events.waitedFor(subscription.endpoint)}`}`,
      deliveries.slice(0, 6),
    );
    const withIncluded = deliveries.filter((delivery) => (delivery.payload.included?.length ?? 0) > 0);
    // Section 2.6 describes only what includeResources true adds: the default's deliveries are recorded, never judged.
    ctx.check.observe(
      'DL-INCLUDE-RESOURCES-OFF',
      withIncluded.length > 0 ? 'related resources included' : 'no related resources',
      `a webhook with the default includeResources received related resources in ${withIncluded.length} of ${deliveries.length} deliveries`,
      withIncluded.length ? withIncluded : undefined,
    );
  },
});

async function patchWebhook(ctx: ScenarioContext, id: string, attributes: WebhookAttributes): Promise<ApiResponse> {
  const patched = await ctx.api.call('webhook.update', { params: { id }, body: webhookDocument(attributes) });
  if (patched.status !== 200) throw new Error(`PATCH answered ${patched.status}`);
  return patched;
}

const updateTakesEffect = defineScenario({
  id: 'delivery/update-takes-effect',
  area: 'delivery',
  requirements: ['DL-UPDATE-TAKES-EFFECT', 'WH-UPDATE-INCLUDE-RESOURCES', 'DL-CONTENT-TYPE'],
  // Its webhook, and a witness where events come from approved applications.
  webhooks: 2,
  needs: ['webhookDelivery'],
  eventTriggers: DELIVERY_TRIGGERS,
  // It waits for its events through an AtMostOnce webhook.
  reads: ['event-volume'],
  async run(ctx) {
    await ensureSinkReachable(ctx);
    const injection = chooseTrigger(ctx, DELIVERY_TRIGGERS) === 'injection';
    const events = new DeliveredEvents(ctx);
    const first = await subscribe(ctx, 'update-before', {
      deliveryMode: 'AtMostOnce',
      contentType: 'Json',
      includeResources: false,
      subscriptionType: 'All',
    });
    // Without injection no authorization request can happen, so after the switch to OnlyAuthorizationRequest a witness tells how long to listen.
    const watcher = injection ? undefined : await witness(ctx);
    const warmUp = await makeEventsHappen(ctx, 1, DELIVERY_TRIGGERS, ['account.updated']);
    if (!(await events.arrived(first.endpoint, warmUp.expected, ARRIVAL_WAIT_MS, warmUp.since)))
      throw new Error(`the webhook received nothing before the update${events.waitedFor(first.endpoint)}`);

    // Step 1: url, token, contentType and includeResources change; the subscription still admits the events.
    const token = `tok-${ctx.faker.string.alphanumeric(24)}`;
    const second = await sinkEndpoint(ctx, 'update-after', { token });
    const updated = { url: second.url, token, contentType: 'JsonAPI', includeResources: true };
    const patched = await patchWebhook(ctx, first.id, { ...updated, subscriptionType: 'NotAuthorizationRequest' });
    const moved = await makeEventsHappen(ctx, 1, DELIVERY_TRIGGERS, ['account.closed']);
    await events.arrived(second, moved.expected, ARRIVAL_WAIT_MS, moved.since);
    await watchQuietly(ctx, STRAGGLER_MS);
    const after = [...second.deliveries()];
    const old = [...first.endpoint.deliveries()];
    await events.learn([...after, ...old]);
    const toOld = events.ours(old, moved);
    const movedIds = events.matching(after, moved.expected);
    const problems: string[] = [];
    if (toOld.size) problems.push(`${toOld.size} events made to happen after the PATCH still went to the old url`);
    if (events.missing(after, moved.expected).length)
      problems.push(`${moved.expected.map((event) => event.type).join(', ')} did not reach the new url${events.waitedFor(second)}`);
    const unsigned = after.filter((delivery) => delivery.signature !== 'valid');
    if (unsigned.length) problems.push(`signatures under the new token: ${unsigned.map((d) => d.signature).join(', ')}`);
    // The media type a contentType brings is a SHOULD (DL-CONTENT-TYPE): it is judged there, not as the update's effect.
    const wrongType = after.filter((delivery) => (delivery.headers['content-type'] ?? '').split(';')[0] !== MEDIA_TYPES.JsonAPI);
    ctx.check.expect(
      'DL-CONTENT-TYPE',
      after.length > 0 && wrongType.length === 0,
      `after PATCH contentType=JsonAPI: expected deliveries as ${MEDIA_TYPES.JsonAPI}; ${after.length ? `${wrongType.length} of ${after.length} came as ${wrongType.map((d) => d.headers['content-type']).join(', ') || 'it'}` : 'nothing arrived'}`,
      wrongType.length ? wrongType : after.slice(0, 1),
    );
    const withMoved = after.filter((delivery) => delivery.payload.events.some((event) => movedIds.has(event.id)));
    const withoutIncluded = withMoved.filter((delivery) => !delivery.payload.included?.length);
    if (withoutIncluded.length) problems.push(`${withoutIncluded.length} deliveries without related resources after includeResources true`);

    // Step 2: subscriptionType OnlyAuthorizationRequest (the other attributes sent again, so a PATCH that resets omitted ones changes nothing here).
    const narrowed = await patchWebhook(ctx, first.id, { ...updated, subscriptionType: 'OnlyAuthorizationRequest' });
    const filtered = await makeEventsHappen(ctx, injection ? 2 : 1, DELIVERY_TRIGGERS, [
      'account.updated',
      'authorizationRequest.approved',
    ]);
    const admitted = filtered.expected.filter((event) => admits('OnlyAuthorizationRequest', event.type));
    await Promise.all([
      events.arrived(second, admitted, ARRIVAL_WAIT_MS, filtered.since),
      ...(watcher ? [events.arrived(watcher.endpoint, filtered.expected, ARRIVAL_WAIT_MS, filtered.since)] : []),
    ]);
    await watchQuietly(ctx, STRAGGLER_MS);
    const later = [...second.deliveries()].slice(after.length);
    await events.learn(later);
    const ours = events.ours(later, filtered);
    const leaked = excludedArrivals(events, 'OnlyAuthorizationRequest', later).filter((event) => ours.has(event.id));
    if (leaked.length)
      problems.push(`${leaked.map((event) => event.type).join(', ')} arrived although the subscription is now OnlyAuthorizationRequest`);
    if (events.missing(later, admitted).length)
      problems.push(`the admitted authorization request did not reach the new url${events.waitedFor(second)}`);

    ctx.check.expect(
      'DL-UPDATE-TAKES-EFFECT',
      problems.length === 0,
      `after the PATCH: expected deliveries to follow the new url, token, contentType, subscriptionType and includeResources (events made to happen by ${moved.via}); ${problems.length ? problems.join('; ') : 'they do'}`,
      [patched, narrowed, ...withMoved, ...later].slice(0, 8),
    );
    ctx.check.expect(
      'WH-UPDATE-INCLUDE-RESOURCES',
      withMoved.length > 0 && withoutIncluded.length === 0,
      `after PATCH includeResources=true: expected deliveries with related resources; ${withMoved.length ? `${withoutIncluded.length} of ${withMoved.length} came without` : 'nothing arrived'}`,
      withMoved.length ? withMoved : patched,
    );
  },
});

export const lifecycleScenarios: Scenario[] = [defaults, ...DELIVERY_MODES.map((mode) => disabled(mode)), updateTakesEffect];
