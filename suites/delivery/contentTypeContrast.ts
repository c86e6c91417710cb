import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import type { SinkDelivery } from '../../harness/target/webhookSink.ts';
import type { Subscription } from '../shared/sinkSession.ts';

// 6.1 list item 2: contentType Json or JsonAPI "selects the format of the payload".
// Neither format is shown, so the one thing required is that the two differ: the
// same events reach a Json and a JsonAPI webhook as observably different payloads.
// A payload is compared by its Content-Type and the structure of its body (members
// and kinds of values, never the values, the order of members or of array items),
// so a vendor's extra members or events change nothing as long as both webhooks
// get them. Only deliveries carrying exactly the same event ids are compared: how
// AtLeastOnce batches are cut is open, and a batch of other events is no contrast.
// The webhooks are paired by includeResources, the one other setting that may
// shape the body; the two settings differ once any comparison of any pair does,
// since a format may show only where it has something to place (related
// resources, say).

export interface FormatContrast {
  compared: number;
  /** Comparisons that differ in Content-Type, body structure or both. */
  differing: number;
  differentMediaType: number;
  differentBody: number;
  /** A pair of deliveries of the same events, the Json one first; the first that differs when any does. */
  example?: [SinkDelivery, SinkDelivery];
}

const normalisedMediaType = (delivery: SinkDelivery): string => (delivery.headers['content-type'] ?? '').replace(/\s+/g, '').toLowerCase();

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
  const contrast: FormatContrast = { compared: 0, differing: 0, differentMediaType: 0, differentBody: 0 };
  const compared = new Set<string>();
  let exampleDiffers = false;
  for (const other of jsonApi) {
    const key = eventSetOf(other);
    const counterpart = byEvents.get(key);
    if (!counterpart || compared.has(key)) continue;
    compared.add(key);
    contrast.compared += 1;
    const mediaTypeDiffers = normalisedMediaType(counterpart) !== normalisedMediaType(other);
    const bodyDiffers = structureOf(counterpart) !== structureOf(other);
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

/** Every Json webhook against every JsonAPI webhook with the same includeResources. */
function pairsOf(subscriptions: readonly Subscription[]): Array<readonly [Subscription, Subscription]> {
  const json = subscriptions.filter((subscription) => contentTypeOf(subscription) === 'Json');
  const jsonApi = subscriptions.filter((subscription) => contentTypeOf(subscription) === 'JsonAPI');
  return json.flatMap((a) =>
    jsonApi.filter((b) => Boolean(a.attributes.includeResources) === Boolean(b.attributes.includeResources)).map((b) => [a, b] as const),
  );
}

/** DL-CONTENT-TYPE-SELECTS-FORMAT over the webhooks of one scenario, which differ in nothing else that shapes a payload. */
export function checkContentTypeSelectsFormat(ctx: ScenarioContext, subscriptions: readonly Subscription[]): void {
  const contrasts = pairsOf(subscriptions).map(([a, b]) => contrastFormats(a.endpoint.deliveries(), b.endpoint.deliveries()));
  const sum = (count: (contrast: FormatContrast) => number): number => contrasts.reduce((total, contrast) => total + count(contrast), 0);
  const compared = sum((contrast) => contrast.compared);
  // Nothing both kinds received as the same events (batches cut apart on a busy shared target) shows
  // nothing about formats: said as a SKIP, so a scenario that had nothing to compare never makes the MUST UNTESTABLE.
  if (compared === 0) {
    ctx.check.skip('DL-CONTENT-TYPE-SELECTS-FORMAT', 'no delivery of the same events reached both a Json and a JsonAPI webhook here');
    return;
  }
  const differing = sum((contrast) => contrast.differing);
  const examples = contrasts.filter((contrast) => contrast.example && (differing === 0 || contrast.differing > 0)).map((c) => c.example!);
  const [jsonDelivery] = examples[0]!;
  ctx.check.expect(
    'DL-CONTENT-TYPE-SELECTS-FORMAT',
    differing > 0,
    `expected contentType to select the format of the payload; of ${compared} pairs of deliveries of the same events to a Json and a JsonAPI webhook (${subscriptions[0]!.attributes.deliveryMode}), ` +
      (differing > 0
        ? `${differing} differ (${sum((c) => c.differentMediaType)} in Content-Type, ${sum((c) => c.differentBody)} in body structure)`
        : `none differ: both came as ${jsonDelivery.headers['content-type'] ?? 'no Content-Type'} with the same body structure`),
    examples.flat().slice(0, 4),
  );
}
