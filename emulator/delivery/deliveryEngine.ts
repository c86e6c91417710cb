import type { EventReader, StoredEvent } from '../core/eventPublisher.ts';
import type { Environment } from '../core/domain.ts';
import type { VirtualClock } from '../core/virtualClock.ts';
import type { Webhook } from '../webhooks/webhookModel.ts';
import type { WebhookRegistry } from '../webhooks/webhookRegistry.ts';
import type { DeliveryBehaviour } from './deliveryBehaviour.ts';
import { buildDeliveryRequest } from './deliveryPayload.ts';
import type { DeliveryOutcome } from './deliveryPoster.ts';
import { DeliveryPoster } from './deliveryPoster.ts';
import { BACKOFF_UNIT_MS, DEFAULT_DELIVERY_TIMEOUT_MS, type DeliverySettings } from './deliverySettings.ts';

// Section 6.1. One queue per webhook, so a slow or dead endpoint only ever holds
// up its own events. A batch is the unit of delivery in both modes: AtMostOnce
// sends batches of one and forgets them after one try; AtLeastOnce sends up to 64
// events and keeps retrying the same batch (Fibonacci backoff on the emulator
// clock, at most 1 hour apart) until the endpoint answers 2xx. Either way only one
// batch per webhook is in flight.

interface Batch {
  events: StoredEvent[];
  failures: number;
  inFlight: boolean;
  /** Waiting for the webhook to be Enabled again. */
  parked: boolean;
  cancelRetry?: () => void;
}

interface WebhookQueue {
  webhook: Webhook;
  /** Ids of the events to deliver, as numbers: a few bytes each, however many wait for a receiver that is down. */
  pending: number[];
  /** Index of the first undelivered entry of `pending`: taking from the front is O(1). */
  head: number;
  active: Batch[];
  pumpScheduled: boolean;
  /** Emulator time of the first failure in the current run of failures. */
  failingSince?: number;
}

export class DeliveryEngine {
  readonly settings: DeliverySettings = { timeoutMs: DEFAULT_DELIVERY_TIMEOUT_MS };
  private readonly queues = new Map<string, WebhookQueue>();
  private readonly poster = new DeliveryPoster();
  private closed = false;

  constructor(
    private readonly webhooks: WebhookRegistry,
    private readonly events: EventReader,
    private readonly clock: VirtualClock,
    private readonly environment: Environment,
    private readonly behaviour: DeliveryBehaviour,
  ) {
    webhooks.onStatusChange((webhook) => {
      const queue = this.queues.get(webhook.id);
      if (!queue) return;
      if (webhook.status !== 'Enabled') {
        // A retry would only park the batch: it waits parked for the enable, with no timer left on the clock.
        for (const batch of queue.active) if (batch.cancelRetry) this.park(batch);
        return;
      }
      queue.failingSince = undefined;
      for (const batch of queue.active) if (batch.parked) this.send(queue, batch);
      this.schedulePump(queue);
    });
  }

  /** A new or resent event: queue it for every Enabled webhook that admits it. */
  dispatch(event: StoredEvent): void {
    if (this.closed) return;
    const { admits } = this.behaviour;
    for (const webhook of this.behaviour.recipients(this.webhooks)) {
      if (!admits(webhook.subscriptionType, event.type)) continue;
      const queue = this.queueOf(webhook);
      queue.pending.push(Number(event.id));
      this.schedulePump(queue);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queue of this.queues.values()) for (const batch of queue.active) batch.cancelRetry?.();
    await this.poster.close();
  }

  private queueOf(webhook: Webhook): WebhookQueue {
    let queue = this.queues.get(webhook.id);
    if (!queue) {
      queue = { webhook, pending: [], head: 0, active: [], pumpScheduled: false };
      this.queues.set(webhook.id, queue);
    }
    return queue;
  }

  /** Deferred to the next turn so that a burst of events published together shares batches. */
  private schedulePump(queue: WebhookQueue): void {
    if (queue.pumpScheduled || this.closed) return;
    queue.pumpScheduled = true;
    setImmediate(() => {
      queue.pumpScheduled = false;
      this.pump(queue);
    });
  }

  private pump(queue: WebhookQueue): void {
    const { webhook } = queue;
    if (this.closed || !this.behaviour.mayReceive(webhook.status)) return;
    const maxInFlight = this.behaviour.maxInFlight[webhook.deliveryMode];
    const batchSize = this.behaviour.maxBatchSize[webhook.deliveryMode];
    while (queue.active.length < maxInFlight && queue.head < queue.pending.length) {
      const end = Math.min(queue.pending.length, queue.head + batchSize);
      const events = queue.pending
        .slice(queue.head, end)
        .map((id) => this.events.get(String(id)))
        .filter((event) => event !== undefined);
      const batch: Batch = { events, failures: 0, inFlight: false, parked: false };
      queue.head = end;
      if (queue.head > 1024 && queue.head * 2 > queue.pending.length) {
        queue.pending = queue.pending.slice(queue.head);
        queue.head = 0;
      }
      queue.active.push(batch);
      this.send(queue, batch);
    }
  }

  private park(batch: Batch): void {
    batch.cancelRetry?.();
    batch.cancelRetry = undefined;
    batch.parked = true;
  }

  private send(queue: WebhookQueue, batch: Batch): void {
    if (this.closed) return;
    const { webhook } = queue;
    if (!this.behaviour.mayReceive(webhook.status)) {
      batch.parked = true;
      return;
    }
    batch.parked = false;
    batch.inFlight = true;
    const delivery = buildDeliveryRequest(webhook, batch.events, this.behaviour);
    void this.poster.post(webhook.url, delivery, this.settings.timeoutMs).then((outcome) => {
      batch.inFlight = false;
      if (!this.closed) this.settle(queue, batch, outcome);
    });
  }

  private settle(queue: WebhookQueue, batch: Batch, outcome: DeliveryOutcome): void {
    const atMostOnce = queue.webhook.deliveryMode === 'AtMostOnce';
    const status = 'status' in outcome ? outcome.status : undefined;
    const succeeded = status !== undefined && (atMostOnce ? status === 200 : status >= 200 && status < 300);
    if (succeeded) {
      queue.failingSince = undefined;
    } else {
      batch.failures += 1;
      this.noteFailure(queue);
      if (this.behaviour.retries(queue.webhook.deliveryMode, batch.failures)) {
        this.scheduleRetry(queue, batch);
        return;
      }
    }
    queue.active.splice(queue.active.indexOf(batch), 1);
    this.pump(queue);
  }

  private scheduleRetry(queue: WebhookQueue, batch: Batch): void {
    const wait = Math.min(this.behaviour.backoffUnits(batch.failures) * BACKOFF_UNIT_MS, this.behaviour.maxBackoffMs);
    batch.cancelRetry = this.clock.setTimeout(() => {
      batch.cancelRetry = undefined;
      this.send(queue, batch);
    }, wait);
  }

  /** 3.2: an endpoint failing for 2 days (sandbox) / 7 days (live) makes the webhook Unavailable. */
  private noteFailure(queue: WebhookQueue): void {
    const now = this.clock.now();
    queue.failingSince ??= now;
    if (queue.webhook.status !== 'Enabled') return;
    if (now - queue.failingSince >= this.behaviour.unresponsiveLimitMs[this.environment]) {
      this.webhooks.setStatus(queue.webhook, 'Unavailable');
    }
  }
}
