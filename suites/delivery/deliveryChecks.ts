import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import { DELIVERY_MEDIA_TYPES } from '../../contract/facts/mediaTypes.ts';
import { AT_LEAST_ONCE_BATCH_SIZE as MAX_BATCH } from '../../contract/facts/webhookDelivery.ts';
import type { SinkDelivery } from '../../harness/targetIO/webhookSink.ts';
import { checkEventShape } from '../shared/catalogueChecks.ts';
import type { Subscription } from '../shared/sinkSession.ts';
import type { DeliveredEvents } from './deliveredEvents.ts';

// Judgements about the deliveries one webhook received, shared by the delivery
// scenarios. Each takes only the deliveries that carried events the scenario
// injected, so unrelated events published meanwhile change nothing.

const MEDIA_TYPES: Readonly<Record<string, string>> = DELIVERY_MEDIA_TYPES;

const mediaTypeOf = (delivery: SinkDelivery): string => (delivery.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

export function describeSubscription(subscription: Subscription): string {
  const a = subscription.attributes;
  return `${a.deliveryMode}/${a.contentType}/${a.subscriptionType ?? 'default subscription'}/${a.token ? 'signed' : 'unsigned'}/${a.includeResources ? 'includeResources' : 'no includeResources'}`;
}

export function checkFormat(ctx: ScenarioContext, subscription: Subscription, deliveries: readonly SinkDelivery[]): void {
  const label = describeSubscription(subscription);
  // Where the events sit is open (6.1: the AtLeastOnce envelope is "not shown"; the catalogue: "usually inside data").
  const unreadable = deliveries.filter((delivery) => delivery.payload.dataShape === 'not-json' || delivery.payload.events.length === 0);
  ctx.check.expect(
    'DL-PAYLOAD-JSON',
    unreadable.length === 0,
    `${label}: expected every delivery as JSON identifying the events it carries by id; ${unreadable.length ? `${unreadable.length} of ${deliveries.length} are ${unreadable.some((d) => d.payload.dataShape === 'not-json') ? 'not JSON or ' : ''}without a recognisable event` : `all ${deliveries.length} are`}`,
    unreadable.length ? unreadable : deliveries.slice(0, 1),
  );
  const expected = MEDIA_TYPES[String(subscription.attributes.contentType)];
  const wrong = deliveries.filter((delivery) => mediaTypeOf(delivery) !== expected);
  ctx.check.expect(
    'DL-CONTENT-TYPE',
    wrong.length === 0,
    `${label}: expected deliveries with Content-Type ${expected}; ${wrong.length ? `${wrong.length} carried ${[...new Set(wrong.map(mediaTypeOf))].join(', ')}` : 'all do'}`,
    wrong.length ? wrong : undefined,
  );
}

export function checkSignatures(ctx: ScenarioContext, subscription: Subscription, deliveries: readonly SinkDelivery[]): void {
  const label = describeSubscription(subscription);
  if (subscription.attributes.token) {
    const missing = deliveries.filter((delivery) => delivery.signature === 'missing');
    ctx.check.expect(
      'DL-SIGNATURE-HEADER',
      missing.length === 0,
      `${label}: expected X-Service-Signature on every delivery to a webhook with a token; ${missing.length} of ${deliveries.length} lacked it`,
      missing.length ? missing : undefined,
    );
    const invalid = deliveries.filter((delivery) => delivery.signature === 'invalid');
    ctx.check.expect(
      'DL-SIGNATURE-VALUE',
      invalid.length === 0,
      `${label}: expected X-Service-Signature = base64(HMAC-SHA1(token, raw body)); ${invalid.length} of ${deliveries.length} signatures did not verify`,
      invalid.length ? invalid : undefined,
    );
  } else {
    const signed = deliveries.filter((delivery) => delivery.signature === 'unexpected-header');
    ctx.check.expect(
      'DL-SIGNATURE-ABSENT-WITHOUT-TOKEN',
      signed.length === 0,
      `${label}: expected no X-Service-Signature for a webhook with an empty token; ${signed.length} of ${deliveries.length} deliveries carried one`,
      signed.length ? signed : undefined,
    );
  }
}

/** Event Catalog "Card fraud cases": "Payload data is a single object". */
const CARD_FRAUD_CASE = /^cardFraudCase\./;

/** A body whose `data` is the one event itself, not an array (the only place the payload parser finds a lone object). */
const loneObject = (delivery: SinkDelivery): boolean => delivery.payload.eventsAt === '/data' && delivery.payload.dataShape === 'object';

/**
 * 6.1: AtLeastOnce events come "batched in one payload, as an array of event ids". A lone event as
 * a single object departs from it, but for a cardFraudCase event, which the catalogue shows so.
 */
function checkEventsInArray(ctx: ScenarioContext, label: string, deliveries: readonly SinkDelivery[]): void {
  // A body with no recognisable event is DL-PAYLOAD-JSON's to judge, not this.
  const readable = deliveries.filter((delivery) => delivery.payload.events.length > 0);
  if (readable.length === 0) {
    ctx.check.skip('DL-AT-LEAST-ONCE-ARRAY', `${label}: no AtLeastOnce delivery with a recognisable event to judge`);
    return;
  }
  const typeOf = (delivery: SinkDelivery): string => delivery.payload.events[0]?.type ?? 'event of no type';
  const excused = readable.filter((delivery) => loneObject(delivery) && CARD_FRAUD_CASE.test(typeOf(delivery)));
  const loose = readable.filter((delivery) => loneObject(delivery) && !excused.includes(delivery));
  const lone = loose.map((delivery) => `${typeOf(delivery)} ${delivery.payload.events[0]!.id}`);
  const asDocumented = excused.length ? ` (${excused.length} a lone cardFraudCase event as the catalogue's single object)` : '';
  ctx.check.expect(
    'DL-AT-LEAST-ONCE-ARRAY',
    loose.length === 0,
    `${label}: expected the events of every AtLeastOnce POST in one array, a lone event too (a lone cardFraudCase event may be a single object); ${loose.length ? `${loose.length} of ${readable.length} carried data as a single event object: ${lone.slice(0, 4).join(', ')}` : `all ${readable.length} did${asDocumented}`}`,
    loose.length ? loose.slice(0, 2) : undefined,
  );
}

/** Mode rules: one event per POST and nothing overlapping (AtMostOnce); at most 64, in an array, and nothing overlapping (AtLeastOnce). */
export function checkModeShape(ctx: ScenarioContext, subscription: Subscription, deliveries: readonly SinkDelivery[]): void {
  const label = describeSubscription(subscription);
  const overlapping = deliveries.filter((delivery) => delivery.openAtArrival > 0);
  if (subscription.attributes.deliveryMode === 'AtMostOnce') {
    const multi = deliveries.filter((delivery) => delivery.payload.events.length !== 1);
    ctx.check.expect(
      'DL-AT-MOST-ONCE-SINGLE',
      multi.length === 0,
      `${label}: expected exactly one event in every AtMostOnce POST; ${multi.length ? `${multi.length} carried ${[...new Set(multi.map((d) => d.payload.events.length))].join('/')}` : 'all had one'}`,
      multi.length ? multi : undefined,
    );
    ctx.check.expect(
      'DL-AT-MOST-ONCE-SEQUENTIAL',
      overlapping.length === 0,
      `${label}: expected no AtMostOnce POST while the previous one is unanswered; ${overlapping.length} of ${deliveries.length} came so`,
      overlapping.length ? overlapping : undefined,
    );
  } else {
    const largest = Math.max(0, ...deliveries.map((delivery) => delivery.payload.events.length));
    ctx.check.expect(
      'DL-BATCH-LIMIT',
      largest <= MAX_BATCH,
      `${label}: expected at most ${MAX_BATCH} events in an AtLeastOnce POST; the largest carried ${largest}`,
      largest > MAX_BATCH ? deliveries.filter((d) => d.payload.events.length > MAX_BATCH).slice(0, 1) : undefined,
    );
    checkEventsInArray(ctx, label, deliveries);
    ctx.check.expect(
      'DL-AT-LEAST-ONCE-SEQUENTIAL',
      overlapping.length === 0,
      `${label}: expected no AtLeastOnce batch while the previous one is unanswered; ${overlapping.length} of ${deliveries.length} came so`,
      overlapping.length ? overlapping : undefined,
    );
  }
}

interface ResourceIdentifier {
  type?: unknown;
  id?: unknown;
}

/** The resources an event's relationships point at, to-one and to-many alike. */
function relatedTo(event: { relationships?: unknown }): ResourceIdentifier[] {
  const relationships = Object.values((event.relationships ?? {}) as Record<string, { data?: unknown } | undefined>);
  return relationships
    .flatMap((relationship) => [relationship?.data].flat())
    .filter((data): data is ResourceIdentifier => typeof data === 'object' && data !== null);
}

const carriesInFull = (included: readonly unknown[], wanted: ResourceIdentifier): boolean =>
  (included as Array<ResourceIdentifier & { attributes?: unknown }>).some(
    (resource) => resource?.type === wanted.type && String(resource?.id) === String(wanted.id) && typeof resource.attributes === 'object',
  );

/**
 * The related resource 6.1 itself shows an event type carrying under includeResources ("for example
 * `customer.created` includes the full customer"): for such a type that one is required, not any.
 */
export const SHOWN_INCLUDED: Readonly<Record<string, string>> = { 'customer.created': 'customer' };

/** 6.1 rule 3: with includeResources, each event tied to a resource comes with one of its related resources in full. */
// Only for webhooks with includeResources true; what the others get is observed once per scenario (DL-INCLUDE-RESOURCES-OFF).
// An event delivered as a bare id (6.1: "an array of event ids") is judged by what GET /events/{id} showed of it.
export function checkIncludedResources(
  ctx: ScenarioContext,
  subscription: Subscription,
  deliveries: readonly SinkDelivery[],
  known: Pick<DeliveredEvents, 'event'>,
  ids: ReadonlySet<string>,
): void {
  const label = describeSubscription(subscription);
  const lacking: string[] = [];
  const lackingIn = new Set<SinkDelivery>();
  const unseen = new Set<string>();
  let judged = 0;
  for (const delivery of deliveries) {
    const included = delivery.payload.included ?? [];
    for (const item of delivery.payload.events) {
      if (!ids.has(item.id)) continue;
      const event = item.event ?? known.event(item.id);
      if (!event) {
        unseen.add(item.id);
        continue;
      }
      // A type 6.1 shows is held to the resource it shows, where the event names one; any other to one of its related resources.
      const named = SHOWN_INCLUDED[String(event.type)];
      const shownRelationship = named ? (event.relationships as Record<string, unknown> | undefined)?.[named] : undefined;
      const shown = shownRelationship === undefined ? undefined : named;
      const related = shown ? relatedTo({ relationships: { [shown]: shownRelationship } }) : relatedTo(event);
      if (related.length === 0) continue;
      judged += 1;
      if (related.some((wanted) => carriesInFull(included, wanted))) continue;
      lacking.push(
        `${event.type ?? '?'} ${item.id}${item.event ? '' : ' (sent as its id)'}${shown ? ` (its ${shown}, as 6.1 shows)` : ''}`,
      );
      lackingIn.add(delivery);
    }
  }
  // Nothing tied to a resource, or nothing the target would show of the ids it sent, judges nothing: a SKIP
  // saying so, never a PASS, and never the silence that would make the MUST UNTESTABLE.
  if (judged === 0) {
    const why = unseen.size ? `; ${unseen.size} sent as ids the target would not show` : '';
    ctx.check.skip('DL-INCLUDE-RESOURCES', `${label}: no delivered event tied to a resource to judge${why}`);
    return;
  }
  ctx.check.expect(
    'DL-INCLUDE-RESOURCES',
    lacking.length === 0,
    `${label}: expected a related resource in full with each delivered event tied to a resource; ${lacking.length ? `${lacking.length} of ${judged} lacked it: ${lacking.slice(0, 6).join(', ')}` : `all ${judged} had it`}${unseen.size ? `; ${unseen.size} sent as ids the target would not show were not judged` : ''}`,
    lacking.length ? [...lackingIn].slice(0, 2) : undefined,
  );
}

/** Every full event the webhook received for these ids, held to its catalogue schema. */
export function checkDeliveredEventShapes(
  ctx: ScenarioContext,
  subscription: Subscription,
  deliveries: readonly SinkDelivery[],
  ids: ReadonlySet<string>,
): void {
  const where = `delivered to ${describeSubscription(subscription)}`;
  for (const delivery of deliveries) {
    for (const event of delivery.payload.events) {
      if (ids.has(event.id) && event.event) checkEventShape(ctx, event.event, where, delivery);
    }
  }
}
