import { injectEvents, type InjectedEvent } from '../../harness/eventInjection.ts';
import { defineScenario, type Scenario, type ScenarioContext } from '../../harness/scenario.ts';
import { CATALOGUE_REQUIREMENTS, injectableTypes, LISTED_MEMBERS_REQUIREMENT } from '../events/catalogueChecks.ts';
import { pause } from '../webhooks/webhookFixtures.ts';
import { checkDeliveredEventShapes, checkFormat, checkIncludedResources, checkModeShape, checkSignatures, describeSubscription } from './deliveryChecks.ts';
import { carrying, deliveredIds, ensureSinkReachable, hasAll, subscribe, type Subscription } from './sinkSession.ts';

// API 5.3 and 6.1 over every combination of deliveryMode × subscriptionType (one
// scenario each) × contentType × token set/empty × includeResources (eight
// webhooks per scenario): the right webhooks receive the right events, and only
// those, in the right format. The events come from across the catalogue, rotated
// so that the six scenarios together inject every catalogued type and form.

const MODES = ['AtMostOnce', 'AtLeastOnce'] as const;
const SUBSCRIPTIONS = ['All', 'OnlyAuthorizationRequest', 'NotAuthorizationRequest'] as const;
const CONTENT_TYPES = ['Json', 'JsonAPI'] as const;
const AUTHORIZATION_REQUESTS = new Set(['authorizationRequest.pending', 'authorizationRequest.approved', 'authorizationRequest.declined']);
/** A type no catalogue names: receivers must tolerate new types (6.1, 9), and subscriptions still apply. */
const UNCATALOGUED_TYPE = 'conformanceProbe.happened';
const ARRIVAL_WAIT_MS = 8000;
/** After the expected events arrived, how long unexpected ones get to show up. */
const STRAGGLER_MS = 150;

const SUBSCRIPTION_REQUIREMENT: Record<(typeof SUBSCRIPTIONS)[number], string> = {
  All: 'DL-SUBSCRIPTION-ALL',
  OnlyAuthorizationRequest: 'DL-SUBSCRIPTION-ONLY-AUTHORIZATION-REQUEST',
  NotAuthorizationRequest: 'DL-SUBSCRIPTION-NOT-AUTHORIZATION-REQUEST',
};

const admits = (subscriptionType: string, type: string): boolean =>
  subscriptionType === 'All' || (subscriptionType === 'OnlyAuthorizationRequest') === AUTHORIZATION_REQUESTS.has(type);

/** The forms this scenario injects: every authorization request form, plus its share of the rest of the catalogue. */
function formsFor(slot: number, slots: number) {
  const forms = injectableTypes();
  const authorization = forms.filter((form) => AUTHORIZATION_REQUESTS.has(form.type));
  const others = forms.filter((form, index) => !AUTHORIZATION_REQUESTS.has(form.type) && index % slots === slot);
  return [...others, ...authorization];
}

async function injectForms(ctx: ScenarioContext, forms: ReturnType<typeof formsFor>): Promise<InjectedEvent[]> {
  const plain = forms.filter((form) => form.variant === undefined).map((form) => form.type);
  const injected = await injectEvents(ctx.control, { types: [...plain, UNCATALOGUED_TYPE] });
  for (const form of forms.filter((f) => f.variant !== undefined)) injected.push(...(await injectEvents(ctx.control, { type: form.type, variant: form.variant })));
  return injected;
}

const matrixScenario = (deliveryMode: (typeof MODES)[number], subscriptionType: (typeof SUBSCRIPTIONS)[number], slot: number, slots: number) => defineScenario({
  id: `delivery/matrix/${deliveryMode}/${subscriptionType}`,
  area: 'delivery',
  title: `${deliveryMode} webhooks subscribed to ${subscriptionType} MUST receive exactly the events their subscription admits, signed and formatted as configured`,
  requirements: [
    'DL-POST-TO-URL', SUBSCRIPTION_REQUIREMENT[subscriptionType], 'DL-PAYLOAD-JSON', 'DL-CONTENT-TYPE', 'DL-ENVELOPE',
    'DL-INCLUDE-RESOURCES', 'DL-INCLUDE-RESOURCES-OFF', 'DL-SIGNATURE-HEADER', 'DL-SIGNATURE-VALUE', 'DL-SIGNATURE-ABSENT-WITHOUT-TOKEN',
    ...(deliveryMode === 'AtMostOnce' ? ['DL-AT-MOST-ONCE-SINGLE', 'DL-AT-MOST-ONCE-SEQUENTIAL'] : ['DL-BATCH-LIMIT', 'DL-AT-LEAST-ONCE-SEQUENTIAL']),
    ...CATALOGUE_REQUIREMENTS, LISTED_MEMBERS_REQUIREMENT,
  ],
  needs: ['eventInjection', 'webhookDelivery'],
  async run(ctx) {
    await ensureSinkReachable(ctx);
    const subscriptions: Subscription[] = [];
    for (const contentType of CONTENT_TYPES) {
      for (const signed of [true, false]) {
        for (const includeResources of [true, false]) {
          const token = signed ? `tok-${ctx.faker.string.alphanumeric(24)}` : '';
          subscriptions.push(await subscribe(ctx, `${contentType}-${signed ? 'signed' : 'unsigned'}-${includeResources}`,
            { deliveryMode, subscriptionType, contentType, token, includeResources }));
        }
      }
    }
    const injected = await injectForms(ctx, formsFor(slot, slots));
    const injectedIds = new Set(injected.map((event) => event.id));
    const admitted = injected.filter((event) => admits(subscriptionType, event.type));
    const typeOf = new Map(injected.map((event) => [event.id, event.type]));
    await Promise.all(subscriptions.map((s) => s.endpoint.waitFor(hasAll(admitted.map((event) => event.id)), ARRIVAL_WAIT_MS)));
    await pause(STRAGGLER_MS);

    let envelopeObserved = false;
    let includedOffObserved = false;
    for (const subscription of subscriptions) {
      const label = describeSubscription(subscription);
      const deliveries = carrying(subscription.endpoint.deliveries(), injectedIds);
      const received = [...deliveredIds(deliveries)].filter((id) => injectedIds.has(id));
      const missing = admitted.filter((event) => !received.includes(event.id));
      const extra = received.filter((id) => !admits(subscriptionType, typeOf.get(id)!));
      const notPost = deliveries.filter((delivery) => delivery.method !== 'POST');
      ctx.check.expect('DL-POST-TO-URL', missing.length === 0 && notPost.length === 0,
        `${label}: each admitted event MUST arrive by POST at the webhook url; ${missing.length ? `missing: ${missing.slice(0, 6).map((e) => `${e.type} ${e.id}`).join(', ')}` : 'all arrived'}${notPost.length ? `; ${notPost.length} requests were not POST` : ''}`,
        deliveries.slice(0, 1));
      ctx.check.expect(SUBSCRIPTION_REQUIREMENT[subscriptionType], extra.length === 0 && missing.length === 0,
        `${label}: a ${subscriptionType} webhook MUST receive exactly the ${admitted.length} admitted events; ${extra.length ? `it also received ${extra.slice(0, 6).map((id) => `${typeOf.get(id)} ${id}`).join(', ')}` : 'no others arrived'}${missing.length ? `; ${missing.length} admitted events missing` : ''}`,
        extra.length ? carrying(deliveries, new Set(extra)).slice(0, 2) : undefined);
      if (deliveries.length === 0) continue;
      if (!envelopeObserved) {
        envelopeObserved = true;
        const first = deliveries[0]!;
        const members = typeof first.payload.json === 'object' && first.payload.json ? Object.keys(first.payload.json) : [];
        const fullEvents = first.payload.events.every((e) => e.event !== undefined);
        ctx.check.observe('DL-ENVELOPE', { members, data: first.payload.dataShape, eventsAt: first.payload.eventsAt ?? null, fullEvents },
          `${label}: the body has members ${members.join(', ') || '(none)'}, data is ${first.payload.dataShape === 'array' ? 'an array' : first.payload.dataShape}; the events (${fullEvents ? 'full events' : 'event ids'}) are at ${first.payload.eventsAt === undefined ? 'no recognisable place' : first.payload.eventsAt || 'the top level'}`, first);
      }
      checkFormat(ctx, subscription, deliveries);
      checkSignatures(ctx, subscription, deliveries);
      checkModeShape(ctx, subscription, deliveries);
      if (subscription.attributes.includeResources) checkIncludedResources(ctx, subscription, deliveries, injectedIds);
      else if (!includedOffObserved) {
        includedOffObserved = true;
        const withIncluded = deliveries.filter((delivery) => (delivery.payload.included?.length ?? 0) > 0).length;
        ctx.check.observe('DL-INCLUDE-RESOURCES-OFF', withIncluded > 0 ? 'related resources included' : 'no related resources',
          `${label}: ${withIncluded} of ${deliveries.length} deliveries carried related resources`);
      }
      checkDeliveredEventShapes(ctx, subscription, deliveries, injectedIds);
    }
  },
});

const COMBINATIONS = MODES.flatMap((mode) => SUBSCRIPTIONS.map((subscription) => [mode, subscription] as const));

export const matrixScenarios: Scenario[] = COMBINATIONS.map(([mode, subscription], slot) =>
  matrixScenario(mode, subscription, slot, COMBINATIONS.length));
