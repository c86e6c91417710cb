import { injectEvents, type InjectedEvent } from '../shared/eventInjection.ts';
import { defineScenario, type Scenario, type ScenarioContext } from '../../harness/engine/scenario.ts';
import { CATALOGUE_REQUIREMENTS, injectableTypes, LISTED_MEMBERS_REQUIREMENT } from '../shared/catalogueChecks.ts';
import { chooseTrigger, injectedEvents, makeEventsHappen, type TriggeredEvents } from '../shared/eventTriggers.ts';
import { watchQuietly } from '../shared/deliveryWait.ts';
import { checkContentTypeSelectsFormat } from './contentTypeContrast.ts';
import { DeliveredEvents } from './deliveredEvents.ts';
import {
  checkDeliveredEventShapes,
  checkFormat,
  checkIncludedResources,
  SHOWN_INCLUDED,
  checkModeShape,
  checkSignatures,
  describeSubscription,
} from './deliveryChecks.ts';
import { DELIVERY_TRIGGERS, ensureSinkReachable, subscribe, type Subscription, witness } from '../shared/sinkSession.ts';
import { admits, AUTHORIZATION_REQUESTS, excludedArrivals } from './subscriptionTypes.ts';
import {
  CONTENT_TYPES,
  DELIVERY_MODES,
  type DeliveryMode,
  SUBSCRIPTION_TYPES,
  type SubscriptionType,
} from '../../contract/facts/webhookAttributes.ts';

// API 5.3 and 6.1 over every combination of deliveryMode × subscriptionType (one
// scenario each) × contentType × token set/empty × includeResources (half of those
// eight per scenario, covering every pair; the halves alternate, so each mode meets
// all eight): the right webhooks receive the right events, and only
// those, in the right format. With injection the events come from across the
// catalogue, rotated so that the six scenarios together inject every catalogued
// type and form; on a sandbox without injection, approved applications make
// customer.created happen (API 3.3, 6.3). Other people's events may arrive too:
// the format, signature and mode checks hold for every delivery, the filter for
// every event whose type is known, and arrival is judged on the scenario's own.

/** A type no catalogue names: receivers must tolerate new types (6.1, 9), and subscriptions still apply. */
const UNCATALOGUED_TYPE = 'conformanceProbe.happened';
/** Applications approved per scenario when events cannot be injected. */
const APPROVALS = 2;
/** How long nothing may arrive before the events still missing are taken as not coming (more on a target seen slower). */
const ARRIVAL_WAIT_MS = 8000;
/** After the expected events arrived, how long unexpected ones get to show up (more on a target seen slower). */
const STRAGGLER_MS = 150;

const SUBSCRIPTION_REQUIREMENT: Record<SubscriptionType, string> = {
  All: 'DL-SUBSCRIPTION-ALL',
  OnlyAuthorizationRequest: 'DL-SUBSCRIPTION-ONLY-AUTHORIZATION-REQUEST',
  NotAuthorizationRequest: 'DL-SUBSCRIPTION-NOT-AUTHORIZATION-REQUEST',
};

/**
 * The forms this scenario injects: every authorization request form, every type whose included
 * resource 6.1 shows (customer.created, so that its example is judged at each subscription that
 * admits it), plus its share of the rest of the catalogue.
 */
function formsFor(slot: number, slots: number) {
  const forms = injectableTypes();
  const everywhere = (type: string) => AUTHORIZATION_REQUESTS.has(type) || type in SHOWN_INCLUDED;
  const authorization = forms.filter((form) => everywhere(form.type));
  const others = forms.filter((form, index) => !everywhere(form.type) && index % slots === slot);
  return [...others, ...authorization];
}

async function injectForms(ctx: ScenarioContext, forms: ReturnType<typeof formsFor>): Promise<InjectedEvent[]> {
  const plain = forms.filter((form) => form.variant === undefined).map((form) => form.type);
  const injected = await injectEvents(ctx.control, { types: [...plain, UNCATALOGUED_TYPE] });
  for (const form of forms.filter((f) => f.variant !== undefined))
    injected.push(...(await injectEvents(ctx.control, { type: form.type, variant: form.variant })));
  return injected;
}

async function makeMatrixEventsHappen(ctx: ScenarioContext, slot: number, slots: number): Promise<TriggeredEvents> {
  if (chooseTrigger(ctx, DELIVERY_TRIGGERS) === 'injection') return injectedEvents(await injectForms(ctx, formsFor(slot, slots)));
  return makeEventsHappen(ctx, APPROVALS, DELIVERY_TRIGGERS);
}

/**
 * Whether a webhook configuration is in this scenario's half of the eight: the
 * half whose three choices have the parity of the slot. Either half pairs every
 * choice with every other (an orthogonal array), and four webhooks (five with the
 * counterpart below), not eight,
 * keep a run on a shared sandbox a small tenant (its webhook budget).
 */
const inHalf = (slot: number, contentType: number, signed: boolean, includeResources: boolean): boolean =>
  (contentType + Number(signed) + Number(includeResources)) % 2 === slot % 2;

/**
 * The fifth webhook: the half's webhook of one token state and includeResources, with
 * the other contentType, so that one pair differs in contentType alone
 * (DL-CONTENT-TYPE-SELECTS-FORMAT). The slot picks the token state and includeResources,
 * so that each mode meets a signed and an unsigned pair.
 */
const isCounterpart = (slot: number, contentType: number, signed: boolean, includeResources: boolean): boolean =>
  signed === (slot % 2 === 0) &&
  includeResources === (Math.floor(slot / 2) % 2 === 0) &&
  !inHalf(slot, contentType, signed, includeResources);

const list = (items: ReadonlyArray<{ id: string; type: string }>): string =>
  items
    .slice(0, 6)
    .map((item) => `${item.type} ${item.id}`)
    .join(', ');

const matrixScenario = (deliveryMode: DeliveryMode, subscriptionType: SubscriptionType, slot: number, slots: number) =>
  defineScenario({
    id: `delivery/matrix/${deliveryMode}/${subscriptionType}`,
    area: 'delivery',
    requirements: [
      'DL-POST-TO-URL',
      SUBSCRIPTION_REQUIREMENT[subscriptionType],
      'DL-PAYLOAD-JSON',
      'DL-CONTENT-TYPE-SELECTS-FORMAT',
      'DL-CONTENT-TYPE',
      'DL-ENVELOPE',
      'DL-INCLUDE-RESOURCES',
      'DL-INCLUDE-RESOURCES-OFF',
      'DL-SIGNATURE-HEADER',
      'DL-SIGNATURE-VALUE',
      'DL-SIGNATURE-ABSENT-WITHOUT-TOKEN',
      ...(deliveryMode === 'AtMostOnce'
        ? ['DL-AT-MOST-ONCE-SINGLE', 'DL-AT-MOST-ONCE-SEQUENTIAL']
        : ['DL-BATCH-LIMIT', 'DL-AT-LEAST-ONCE-ARRAY', 'DL-AT-LEAST-ONCE-SEQUENTIAL']),
      ...CATALOGUE_REQUIREMENTS,
      LISTED_MEMBERS_REQUIREMENT,
    ],
    needs: ['webhookDelivery'],
    eventTriggers: DELIVERY_TRIGGERS,
    // Its two dozen events queue up at every AtMostOnce webhook of the scenarios beside it.
    moves: ['event-volume'],
    // Its five webhooks, and a witness where only injection would make its events happen.
    webhooks: 6,
    async run(ctx) {
      await ensureSinkReachable(ctx);
      const subscriptions: Subscription[] = [];
      for (const [c, contentType] of CONTENT_TYPES.entries()) {
        for (const signed of [true, false]) {
          for (const includeResources of [true, false]) {
            if (!inHalf(slot, c, signed, includeResources) && !isCounterpart(slot, c, signed, includeResources)) continue;
            const token = signed ? `tok-${ctx.faker.string.alphanumeric(24)}` : '';
            subscriptions.push(
              await subscribe(ctx, `${contentType}-${signed ? 'signed' : 'unsigned'}-${includeResources}`, {
                deliveryMode,
                subscriptionType,
                contentType,
                token,
                includeResources,
              }),
            );
          }
        }
      }
      // Only injection makes authorization requests happen; without it an
      // OnlyAuthorizationRequest webhook must stay silent, and a witness tells how long to listen.
      const watcher =
        subscriptionType === 'OnlyAuthorizationRequest' && chooseTrigger(ctx, DELIVERY_TRIGGERS) !== 'injection'
          ? await witness(ctx)
          : undefined;
      const happened = await makeMatrixEventsHappen(ctx, slot, slots);
      const admitted = happened.expected.filter((event) => admits(subscriptionType, event.type));
      const events = new DeliveredEvents(ctx);
      await Promise.all([
        ...subscriptions.map((s) => events.arrived(s.endpoint, admitted, ARRIVAL_WAIT_MS, happened.since)),
        ...(watcher ? [events.arrived(watcher.endpoint, happened.expected, ARRIVAL_WAIT_MS, happened.since)] : []),
      ]);
      await watchQuietly(ctx, STRAGGLER_MS);

      let envelopeObserved = false;
      let includedOffObserved = false;
      for (const subscription of subscriptions) {
        const label = describeSubscription(subscription);
        const deliveries = [...subscription.endpoint.deliveries()];
        await events.learn(deliveries);
        const missing = events.missing(deliveries, admitted);
        const excluded = excludedArrivals(events, subscriptionType, deliveries);
        const notPost = deliveries.filter((delivery) => delivery.method !== 'POST');
        // Nothing admitted and nothing received (OnlyAuthorizationRequest without injection) shows nothing about POSTs.
        if (admitted.length > 0 || deliveries.length > 0)
          ctx.check.expect(
            'DL-POST-TO-URL',
            missing.length === 0 && notPost.length === 0,
            `${label}: expected each admitted event by POST at the webhook url; ${
              missing.length
                ? `missing: ${missing
                    .slice(0, 6)
                    .map((e) => `${e.type} (${e.because})`)
                    .join(', ')}`
                : `all ${admitted.length} arrived`
            }${missing.length ? events.waitedFor(subscription.endpoint) : ''}${notPost.length ? `; ${notPost.length} requests were not POST` : ''}`,
            deliveries.slice(0, 1),
          );
        ctx.check.expect(
          SUBSCRIPTION_REQUIREMENT[subscriptionType],
          excluded.length === 0 && missing.length === 0,
          `${label}: expected a webhook subscribed to ${subscriptionType} to receive the ${admitted.length} admitted events of the ${happened.expected.length} made to happen (${happened.via}) and no event its subscription excludes; ` +
            `${excluded.length ? `it received ${list(excluded)}` : 'none excluded arrived'}${missing.length ? `; ${missing.length} admitted events missing${events.waitedFor(subscription.endpoint)}` : ''}`,
          excluded.length
            ? deliveries.filter((d) => d.payload.events.some((e) => excluded.some((x) => x.id === e.id))).slice(0, 2)
            : undefined,
        );
        if (deliveries.length === 0) continue;
        if (!envelopeObserved) {
          envelopeObserved = true;
          const first = deliveries[0]!;
          const members = typeof first.payload.json === 'object' && first.payload.json ? Object.keys(first.payload.json) : [];
          const fullEvents = first.payload.events.every((e) => e.event !== undefined);
          ctx.check.observe(
            'DL-ENVELOPE',
            { members, data: first.payload.dataShape, eventsAt: first.payload.eventsAt ?? null, fullEvents },
            `${label}: the body has members ${members.join(', ') || '(none)'}, data is ${first.payload.dataShape === 'array' ? 'an array' : first.payload.dataShape}; the events (${fullEvents ? 'full events' : 'event ids'}) are at ${first.payload.eventsAt === undefined ? 'no recognisable place' : first.payload.eventsAt || 'the top level'}`,
            first,
          );
        }
        // Every delivery the target made to this webhook, the scenario's events or not.
        checkFormat(ctx, subscription, deliveries);
        checkSignatures(ctx, subscription, deliveries);
        checkModeShape(ctx, subscription, deliveries);
        // Only the events the documents say must happen are held to including their resource.
        if (subscription.attributes.includeResources)
          checkIncludedResources(ctx, subscription, deliveries, events, events.matching(deliveries, happened.expected));
        else if (!includedOffObserved) {
          includedOffObserved = true;
          const withIncluded = deliveries.filter((delivery) => (delivery.payload.included?.length ?? 0) > 0).length;
          ctx.check.observe(
            'DL-INCLUDE-RESOURCES-OFF',
            withIncluded > 0 ? 'related resources included' : 'no related resources',
            `${label}: ${withIncluded} of ${deliveries.length} deliveries carried related resources`,
          );
        }
        checkDeliveredEventShapes(ctx, subscription, deliveries, events.ours(deliveries, happened));
      }
      // Its counterpart makes a Json and a JsonAPI webhook alike in all else.
      checkContentTypeSelectsFormat(ctx, subscriptions);
    },
  });

const COMBINATIONS = DELIVERY_MODES.flatMap((mode) => SUBSCRIPTION_TYPES.map((subscription) => [mode, subscription] as const));

export const matrixScenarios: Scenario[] = COMBINATIONS.map(([mode, subscription], slot) =>
  matrixScenario(mode, subscription, slot, COMBINATIONS.length),
);
