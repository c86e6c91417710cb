import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import type { SinkDelivery, SinkEndpoint } from '../../harness/targetIO/webhookSink.ts';
import { awaitDeliveries, type DeliveryWait, describeWait } from '../shared/deliveryWait.ts';
import type { EventLike, ExpectedEvent, TriggeredEvents } from '../shared/eventTriggers.ts';

// Which of the events a webhook received the scenario made happen. On a shared
// sandbox other people's events reach every webhook subscribed to them; they are
// never counted as ours. A delivery carries full events, or only their ids (6.1:
// AtLeastOnce batches are "an array of event ids"); an id no delivery showed in
// full is looked up once with GET /events/{id} (4.4). An id the target will not
// show stays unknown: never ours, and its type is never judged.

const LOOKUPS_IN_PARALLEL = 8;

export class DeliveredEvents {
  private readonly known = new Map<string, EventLike>();
  private readonly unknown = new Set<string>();
  private readonly waits = new Map<SinkEndpoint, DeliveryWait>();

  constructor(private readonly ctx: ScenarioContext) {}

  /** Learns every event these deliveries carried, looking up the ones that came as bare ids. */
  async learn(deliveries: readonly SinkDelivery[]): Promise<void> {
    const bare: string[] = [];
    for (const delivery of deliveries) {
      for (const item of delivery.payload.events) {
        if (this.known.has(item.id) || this.unknown.has(item.id)) continue;
        if (item.event && typeof item.type === 'string') this.known.set(item.id, item.event as unknown as EventLike);
        else if (!bare.includes(item.id)) bare.push(item.id);
      }
    }
    for (let start = 0; start < bare.length; start += LOOKUPS_IN_PARALLEL) {
      await Promise.all(bare.slice(start, start + LOOKUPS_IN_PARALLEL).map((id) => this.lookUp(id)));
    }
  }

  /** The event behind a delivered id, as far as it is known. */
  event(id: string): EventLike | undefined {
    return this.known.get(id);
  }

  typeOf(id: string): string | undefined {
    return this.known.get(id)?.type;
  }

  isOurs(id: string, happened: TriggeredEvents): boolean {
    if (happened.knownIds.includes(id)) return true;
    const event = this.known.get(id);
    return event !== undefined && happened.isOurs(event);
  }

  /** Ids of the events `happened` describes among these deliveries. */
  ours(deliveries: readonly SinkDelivery[], happened: TriggeredEvents): Set<string> {
    const ids = new Set<string>();
    for (const delivery of deliveries) for (const item of delivery.payload.events) if (this.isOurs(item.id, happened)) ids.add(item.id);
    return ids;
  }

  /** Ids among these deliveries of events matching one of `expected`. */
  matching(deliveries: readonly SinkDelivery[], expected: readonly ExpectedEvent[]): Set<string> {
    const ids = new Set<string>();
    for (const delivery of deliveries) {
      for (const item of delivery.payload.events) {
        const event = this.known.get(item.id) ?? { id: item.id, type: '' };
        if (expected.some((wanted) => wanted.matches(event))) ids.add(item.id);
      }
    }
    return ids;
  }

  /** The expected events none of these deliveries carried. */
  missing(deliveries: readonly SinkDelivery[], expected: readonly ExpectedEvent[]): ExpectedEvent[] {
    const delivered = [...new Set(deliveries.flatMap((delivery) => delivery.payload.events.map((item) => item.id)))].map(
      (id) => this.known.get(id) ?? { id, type: '' },
    );
    return expected.filter((wanted) => !delivered.some((event) => wanted.matches(event)));
  }

  /**
   * Resolves true once `predicate` holds over what the endpoint received (every
   * event learned), false once nothing more arrived for the quiet time (`floorMs`,
   * or longer where the run saw the target's deliveries come later) or the
   * scenario's delivery patience is spent (suites/shared/deliveryWait.ts).
   */
  async waitFor(
    endpoint: SinkEndpoint,
    predicate: (deliveries: readonly SinkDelivery[]) => boolean,
    floorMs: number,
    /** False where the gaps are retries' backoff, not delivery delay. */
    measuresDelay = true,
    /** The target's time just before the awaited events were made (TriggeredEvents.since): what came before goes past patience. */
    since?: string,
  ): Promise<boolean> {
    const wait = await awaitDeliveries(
      this.ctx,
      endpoint,
      async (deliveries) => {
        await this.learn(deliveries);
        return predicate(deliveries);
      },
      floorMs,
      true,
      measuresDelay,
      since === undefined ? undefined : (delivery) => this.madeBefore(delivery, since),
    );
    this.waits.set(endpoint, wait);
    return wait.settled;
  }

  /**
   * Resolves true once every expected event reached the endpoint, false when the wait ran out (waitFor).
   * Given `since`, the wait goes on past the scenario's patience while events made before it keep arriving.
   */
  arrived(endpoint: SinkEndpoint, expected: readonly ExpectedEvent[], floorMs: number, since?: string): Promise<boolean> {
    return this.waitFor(endpoint, (deliveries) => this.missing(deliveries, expected).length === 0, floorMs, true, since);
  }

  /** Ids of the events in this delivery the target made before `since` (by their createdAt, as learned). */
  private madeBefore(delivery: SinkDelivery, since: string): string[] {
    const limit = Date.parse(since);
    if (!Number.isFinite(limit)) return [];
    return delivery.payload.events
      .filter((item) => {
        const event = (this.known.get(item.id) ?? item.event) as { attributes?: { createdAt?: unknown } } | undefined;
        const createdAt = Date.parse(String(event?.attributes?.createdAt));
        return Number.isFinite(createdAt) && createdAt < limit;
      })
      .map((item) => item.id);
  }

  /** How the last wait on this endpoint that ran out went, for a message; empty when it settled or none was made. */
  waitedFor(endpoint: SinkEndpoint): string {
    const wait = this.waits.get(endpoint);
    return wait && !wait.settled ? ` (${describeWait(wait)})` : '';
  }

  private async lookUp(id: string): Promise<void> {
    const response = await this.ctx.api.send('GET', `/events/${encodeURIComponent(id)}`);
    const data = response.body?.data;
    if (response.status === 200 && data && typeof data.type === 'string') this.known.set(id, { ...data, id: String(data.id ?? id) });
    else this.unknown.add(id);
  }
}
