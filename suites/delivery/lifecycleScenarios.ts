import { injectEvents } from '../../harness/eventInjection.ts';
import { defineScenario, type Scenario } from '../../harness/scenario.ts';
import { pause, webhookDocument } from '../webhooks/webhookFixtures.ts';
import { MEDIA_TYPES } from './deliveryChecks.ts';
import { carrying, deliveredIds, ensureSinkReachable, hasAll, sinkEndpoint, subscribe } from './sinkSession.ts';

// API 2.6, 3.2, 4.3 and 6.1 as deliveries show them: defaults, Disabled webhooks,
// and updates that change where and how events are delivered.

const QUIET_MS = 400;

const disabled = (deliveryMode: 'AtMostOnce' | 'AtLeastOnce') => defineScenario({
  id: `delivery/disabled/${deliveryMode}`,
  area: 'delivery',
  title: `A Disabled ${deliveryMode} webhook MUST receive no events`,
  requirements: ['DL-DISABLED-NO-DELIVERY'],
  needs: ['eventInjection', 'webhookDelivery'],
  async run(ctx) {
    await ensureSinkReachable(ctx);
    const subscription = await subscribe(ctx, `disabled-${deliveryMode}`, { deliveryMode, subscriptionType: 'All' });
    const off = await ctx.api.call('webhook.disable', { params: { id: subscription.id } });
    if (off.status !== 200) throw new Error(`disable answered ${off.status}`);
    const injected = await injectEvents(ctx.control, { types: ['card.created', 'authorizationRequest.approved', 'statement.created'] });
    const ids = new Set(injected.map((event) => event.id));
    await pause(QUIET_MS);
    const received = carrying(subscription.endpoint.deliveries(), ids);
    ctx.check.expect('DL-DISABLED-NO-DELIVERY', received.length === 0,
      `a Disabled ${deliveryMode} webhook MUST receive nothing; it received ${[...deliveredIds(received)].filter((id) => ids.has(id)).length} of the ${ids.size} events published while it was Disabled`,
      received.length ? received : off);
  },
});

const defaults = defineScenario({
  id: 'delivery/defaults',
  area: 'delivery',
  title: 'A webhook created without subscriptionType and includeResources MUST receive every event (All) without related resources',
  requirements: ['WH-DEFAULT-SUBSCRIPTION-TYPE', 'WH-DEFAULT-INCLUDE-RESOURCES'],
  needs: ['eventInjection', 'webhookDelivery'],
  async run(ctx) {
    await ensureSinkReachable(ctx);
    const subscription = await subscribe(ctx, 'defaults', { deliveryMode: 'AtMostOnce' });
    const injected = await injectEvents(ctx.control, { types: ['authorizationRequest.declined', 'card.activated'] });
    const ids = new Set(injected.map((event) => event.id));
    const arrived = await subscription.endpoint.waitFor(hasAll(ids), 5000);
    const deliveries = carrying(subscription.endpoint.deliveries(), ids);
    ctx.check.expect('WH-DEFAULT-SUBSCRIPTION-TYPE', arrived,
      `a webhook with the default subscription MUST receive authorization request and other events alike; ${arrived ? 'both arrived' : `received ${[...deliveredIds(deliveries)].length} of ${ids.size}`}`, deliveries);
    const withIncluded = deliveries.filter((delivery) => (delivery.payload.included?.length ?? 0) > 0);
    ctx.check.expect('WH-DEFAULT-INCLUDE-RESOURCES', withIncluded.length === 0,
      `a webhook with the default includeResources (false) MUST NOT receive related resources; ${withIncluded.length} of ${deliveries.length} deliveries carried them`, withIncluded.length ? withIncluded : undefined);
  },
});

const updateTakesEffect = defineScenario({
  id: 'delivery/update-takes-effect',
  area: 'delivery',
  title: 'After PATCH of url, token, contentType, includeResources and subscriptionType, deliveries MUST follow the new values',
  requirements: ['DL-UPDATE-TAKES-EFFECT', 'WH-UPDATE-INCLUDE-RESOURCES'],
  needs: ['eventInjection', 'webhookDelivery'],
  async run(ctx) {
    await ensureSinkReachable(ctx);
    const first = await subscribe(ctx, 'update-before', { deliveryMode: 'AtMostOnce', contentType: 'Json', includeResources: false, subscriptionType: 'All' });
    const [warmUp] = await injectEvents(ctx.control, { type: 'account.updated' });
    if (!(await first.endpoint.waitFor(hasAll([warmUp!.id]), 5000))) throw new Error('the webhook received nothing before the update');

    const token = `tok-${ctx.faker.string.alphanumeric(24)}`;
    const second = await sinkEndpoint(ctx, 'update-after', { token });
    const patched = await ctx.api.call('webhook.update', {
      params: { id: first.id },
      body: webhookDocument({ url: second.url, token, contentType: 'JsonAPI', includeResources: true, subscriptionType: 'OnlyAuthorizationRequest' }),
    });
    if (patched.status !== 200) throw new Error(`PATCH answered ${patched.status}`);
    const before = first.endpoint.deliveries().length;
    const injected = await injectEvents(ctx.control, { types: ['account.closed', 'authorizationRequest.approved'] });
    const [closed, approved] = injected;
    await second.waitFor(hasAll([approved!.id]), 5000);
    await pause(150);
    const after = carrying(second.deliveries(), new Set([approved!.id, closed!.id]));
    const toOld = carrying(first.endpoint.deliveries().slice(before), new Set([approved!.id, closed!.id]));
    const problems: string[] = [];
    if (toOld.length) problems.push(`${toOld.length} deliveries still went to the old url`);
    if (!deliveredIds(after).has(approved!.id)) problems.push('the admitted authorizationRequest.approved did not reach the new url');
    if (deliveredIds(after).has(closed!.id)) problems.push('account.closed arrived although the subscription is now OnlyAuthorizationRequest');
    const unsigned = after.filter((delivery) => delivery.signature !== 'valid');
    if (unsigned.length) problems.push(`signatures under the new token: ${unsigned.map((d) => d.signature).join(', ')}`);
    const wrongType = after.filter((delivery) => (delivery.headers['content-type'] ?? '').split(';')[0] !== MEDIA_TYPES.JsonAPI);
    if (wrongType.length) problems.push(`Content-Type ${wrongType.map((d) => d.headers['content-type']).join(', ')} instead of ${MEDIA_TYPES.JsonAPI}`);
    const withoutIncluded = after.filter((delivery) => !(delivery.payload.included?.length));
    if (withoutIncluded.length) problems.push(`${withoutIncluded.length} deliveries without related resources after includeResources true`);
    ctx.check.expect('DL-UPDATE-TAKES-EFFECT', problems.length === 0,
      `deliveries after the PATCH MUST follow the new url, token, contentType, subscriptionType and includeResources; ${problems.length ? problems.join('; ') : 'they do'}`, [patched, ...after, ...toOld]);
    ctx.check.expect('WH-UPDATE-INCLUDE-RESOURCES', after.length > 0 && withoutIncluded.length === 0,
      `after PATCH includeResources=true, deliveries MUST carry related resources; ${after.length ? `${withoutIncluded.length} of ${after.length} did not` : 'nothing arrived'}`, after.length ? after : patched);
  },
});

export const lifecycleScenarios: Scenario[] = [defaults, disabled('AtMostOnce'), disabled('AtLeastOnce'), updateTakesEffect];
