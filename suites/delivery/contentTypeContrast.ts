import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import type { SinkDelivery } from '../../harness/targetIO/webhookSink.ts';
import type { Subscription } from '../shared/sinkSession.ts';

// 6.1 list item 2: contentType Json or JsonAPI "selects the format of the payload".
// Neither format is shown, so the one thing required is that the two differ: the
// same events reach a Json and a JsonAPI webhook as observably different payloads.
// A payload is compared by its media type (parameters such as charset set aside:
// they name an encoding, not a format) and the structure of its body (members
// and kinds of values, never the values, the order of members or of array items),
// so a vendor's extra members or events change nothing as long as both webhooks
// get them. Only deliveries carrying exactly the same event ids are compared: how
// AtLeastOnce batches are cut is open, and a batch of other events is no contrast.
// The two webhooks of a pair differ in contentType alone (same token state, mode
// and includeResources): a body member that follows the token would otherwise pass
// for a format. A batch of bare event ids (6.1: "an array of event ids") has no
// format to select; two of them are judged by their structure alone, and when that
// is the same they show nothing either way, whatever their Content-Type says
// (which media type each setting brings is DL-CONTENT-TYPE, a SHOULD).

export interface FormatContrast {
  compared: number;
  /** Pairs of id-only batches with the same structure: nothing in them is a format. */
  idOnlyAlike: number;
  /** Comparisons that differ in Content-Type, body structure or both. */
  differing: number;
  differentMediaType: number;
  differentBody: number;
  /** A pair of deliveries of the same events, the Json one first; the first that differs when any does. */
  example?: [SinkDelivery, SinkDelivery];
}

/** The media type without its parameters (charset and the like). */
const normalisedMediaType = (delivery: SinkDelivery): string =>
  (delivery.headers['content-type'] ?? '').split(';')[0]!.replace(/\s+/g, '').toLowerCase();

/** A delivery that lists its events by id only, carrying none of them in full. */
const idOnly = (delivery: SinkDelivery): boolean =>
  delivery.payload.events.length > 0 && delivery.payload.events.every((event) => event.event === undefined);

/** The structure of a JSON value: members and kinds of values, with values, member order and array order set aside. */
export function bodyStructure(value: unknown): string {
  if (Array.isArray(value)) return `[${[...new Set(value.map(bodyStructure))].sort().join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>).map(
      ([name, member]) => `${JSON.stringify(name)}:${bodyStructure(member)}`,
    );
    return `{${members.sort().join(',')}}`;
  }
  return value === null ? 'null' : typeof value;
}

const structureOf = (delivery: SinkDelivery): string =>
  delivery.payload.dataShape === 'not-json' ? `not JSON: ${delivery.rawBody.toString('utf8')}` : bodyStructure(delivery.payload.json);

const eventSetOf = (delivery: SinkDelivery): string => [...new Set(delivery.payload.events.map((event) => event.id))].sort().join(' ');

/** Compares what a Json and a JsonAPI webhook received for the same events. */
export function contrastFormats(json: readonly SinkDelivery[], jsonApi: readonly SinkDelivery[]): FormatContrast {
  const byEvents = new Map<string, SinkDelivery>();
  for (const delivery of json) {
    const key = eventSetOf(delivery);
    if (key && !byEvents.has(key)) byEvents.set(key, delivery);
  }
  const contrast: FormatContrast = { compared: 0, idOnlyAlike: 0, differing: 0, differentMediaType: 0, differentBody: 0 };
  const compared = new Set<string>();
  let exampleDiffers = false;
  for (const other of jsonApi) {
    const key = eventSetOf(other);
    const counterpart = byEvents.get(key);
    if (!counterpart || compared.has(key)) continue;
    compared.add(key);
    const bodyDiffers = structureOf(counterpart) !== structureOf(other);
    const bothIdOnly = idOnly(counterpart) && idOnly(other);
    if (bothIdOnly && !bodyDiffers) {
      contrast.idOnlyAlike += 1;
      continue;
    }
    contrast.compared += 1;
    const mediaTypeDiffers = !bothIdOnly && normalisedMediaType(counterpart) !== normalisedMediaType(other);
    if (mediaTypeDiffers) contrast.differentMediaType += 1;
    if (bodyDiffers) contrast.differentBody += 1;
    const differs = mediaTypeDiffers || bodyDiffers;
    if (differs) contrast.differing += 1;
    if (!contrast.example || (differs && !exampleDiffers)) {
      contrast.example = [counterpart, other];
      exampleDiffers = differs;
    }
  }
  return contrast;
}

const contentTypeOf = (subscription: Subscription): unknown => subscription.attributes.contentType;
const signedOf = (subscription: Subscription): boolean =>
  typeof subscription.attributes.token === 'string' && subscription.attributes.token !== '';

/** Whether two webhooks agree on every setting that may shape a payload but contentType. */
const alikeButContentType = (a: Subscription, b: Subscription): boolean =>
  signedOf(a) === signedOf(b) &&
  a.attributes.deliveryMode === b.attributes.deliveryMode &&
  Boolean(a.attributes.includeResources) === Boolean(b.attributes.includeResources);

/** Every Json webhook against every JsonAPI webhook that differs from it in contentType alone. */
function pairsOf(subscriptions: readonly Subscription[]): Array<readonly [Subscription, Subscription]> {
  const json = subscriptions.filter((subscription) => contentTypeOf(subscription) === 'Json');
  const jsonApi = subscriptions.filter((subscription) => contentTypeOf(subscription) === 'JsonAPI');
  return json.flatMap((a) => jsonApi.filter((b) => alikeButContentType(a, b)).map((b) => [a, b] as const));
}

const settingsOf = (subscription: Subscription): string =>
  `${String(subscription.attributes.deliveryMode)}, ${signedOf(subscription) ? 'signed' : 'unsigned'}, includeResources ${Boolean(subscription.attributes.includeResources)}`;

/**
 * DL-CONTENT-TYPE-SELECTS-FORMAT over the webhooks of one scenario: each Json and JsonAPI
 * webhook that differ in contentType alone must receive the same events differently.
 */
export function checkContentTypeSelectsFormat(ctx: ScenarioContext, subscriptions: readonly Subscription[]): void {
  const pairs = pairsOf(subscriptions);
  let judged = 0;
  let idOnlyAlike = 0;
  for (const [json, jsonApi] of pairs) {
    const contrast = contrastFormats(json.endpoint.deliveries(), jsonApi.endpoint.deliveries());
    idOnlyAlike += contrast.idOnlyAlike;
    if (contrast.compared === 0) continue;
    judged += 1;
    const [jsonDelivery] = contrast.example!;
    ctx.check.expect(
      'DL-CONTENT-TYPE-SELECTS-FORMAT',
      contrast.differing > 0,
      `a Json and a JsonAPI webhook alike in all else (${settingsOf(json)}): expected contentType to select the format of the payload; of ${contrast.compared} pairs of deliveries of the same events, ` +
        (contrast.differing > 0
          ? `${contrast.differing} differ (${contrast.differentMediaType} in media type, ${contrast.differentBody} in body structure)`
          : `none differ: both came as ${jsonDelivery.headers['content-type'] ?? 'no Content-Type'} with the same body structure`),
      contrast.example,
    );
  }
  // Nothing both received as the same events (batches cut apart on a busy shared target), or only
  // id lists, shows nothing about formats: said as a SKIP, never an UNTESTABLE MUST.
  if (judged === 0)
    ctx.check.skip(
      'DL-CONTENT-TYPE-SELECTS-FORMAT',
      pairs.length === 0
        ? 'no two webhooks here differ in contentType alone'
        : idOnlyAlike > 0
          ? `the ${idOnlyAlike} deliveries of the same events to a Json and a JsonAPI webhook were batches of event ids alike in structure: an id list has no format to select`
          : 'no delivery of the same events reached both a Json and a JsonAPI webhook alike in all else',
    );
}
