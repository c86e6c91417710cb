import type { EventReader, StoredEvent } from '../core/eventPublisher.ts';
import type { Environment } from '../core/domain.ts';
import type { VirtualClock } from '../core/virtualClock.ts';
import type { Webhook } from '../webhooks/webhookModel.ts';
import type { WebhookRegistry } from '../webhooks/webhookRegistry.ts';
import type { DeliveryBehaviour } from './deliveryBehaviour.ts';
import { DeliveryLog, type DeliveryAttempt } from './deliveryLog.ts';
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
  /** Emulator time of the retry waiting on the clock, if one is. */
  retryAt?: number;
}

/** A webhook's queue as a saved state keeps it (emulator/persistence): event ids, never the events. */
export interface SavedQueue {
  webhookId: string;
  pending: number[];
  batches: Array<{ events: number[]; failures: number; retryAt?: number }>;
  failingSince?: number;
}

interface WebhookQueue {
  webhook: Webhook;
  /** Ids of the events to deliver, as numbers: a few bytes each, however many wait for a receiver that is down. */
  pending: number[];
  /** Index of the first undelivered entry of `pending`: taking from the front is O(1). */
  head: number;
  active: Batch[];
  pumpScheduled: boolean;
  /** Emulator time the first failed attempt of the current run of failures was made (not when its failure was learned). */
  failingSince?: number;
}

export class DeliveryEngine {
  readonly settings: DeliverySettings = { timeoutMs: DEFAULT_DELIVERY_TIMEOUT_MS };
  private readonly queues = new Map<string, WebhookQueue>();
  /** Recent attempts and their answers, for people to look at. */
  readonly log: DeliveryLog;
  private readonly poster = new DeliveryPoster();
  private readonly changeListeners: Array<() => void> = [];
  /** Deliveries held back before they leave (a departure delay), dropped when the emulator closes. */
  private readonly departing = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly webhooks: WebhookRegistry,
    private readonly events: EventReader,
    private readonly clock: VirtualClock,
    private readonly environment: Environment,
    private readonly behaviour: DeliveryBehaviour,
  ) {
    this.log = new DeliveryLog(clock);
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
      this.log.queued(event.id, webhook.id);
      this.schedulePump(queue);
    }
  }

  /** Told after each delivery attempt settles (a retry scheduled, a batch done): what a saved state must catch up with. */
  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  /**
   * What is still to deliver. A batch in flight is kept to be sent again (at least once), except in
   * AtMostOnce, where it may have arrived and must never come twice.
   */
  exportState(): SavedQueue[] {
    return [...this.queues.values()].map((queue) => ({
      webhookId: queue.webhook.id,
      pending: queue.pending.slice(queue.head),
      batches: queue.active
        .filter((batch) => !(batch.inFlight && queue.webhook.deliveryMode === 'AtMostOnce'))
        .map((batch) => ({
          events: batch.events.map((event) => Number(event.id)),
          failures: batch.failures,
          ...(batch.retryAt === undefined ? {} : { retryAt: batch.retryAt }),
        })),
      ...(queue.failingSince === undefined ? {} : { failingSince: queue.failingSince }),
    }));
  }

  /** Replaces every queue: a retry waits for its saved time on the clock, any other saved batch is sent (or parked) now. */
  importState(saved: unknown): void {
    for (const queue of this.queues.values()) for (const batch of queue.active) batch.cancelRetry?.();
    this.queues.clear();
    for (const entry of saved as SavedQueue[]) {
      const webhook = this.webhooks.get(entry.webhookId);
      if (!webhook) continue;
      const queue = this.queueOf(webhook);
      queue.pending = [...entry.pending];
      queue.failingSince = entry.failingSince;
      for (const { events, failures, retryAt } of entry.batches) {
        const batch: Batch = { events: this.eventsOf(events), failures, inFlight: false, parked: false };
        queue.active.push(batch);
        if (retryAt !== undefined && this.behaviour.mayReceive(webhook.status)) this.retryIn(queue, batch, retryAt - this.clock.now());
        else this.send(queue, batch);
      }
      this.schedulePump(queue);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queue of this.queues.values()) for (const batch of queue.active) batch.cancelRetry?.();
    for (const departure of this.departing) clearTimeout(departure);
    this.departing.clear();
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
    if (this.closed || !this.isCurrent(queue) || !this.behaviour.mayReceive(webhook.status)) return;
    const maxInFlight = this.behaviour.maxInFlight[webhook.deliveryMode];
    const batchSize = this.behaviour.maxBatchSize[webhook.deliveryMode];
    while (queue.active.length < maxInFlight && queue.head < queue.pending.length) {
      const end = Math.min(queue.pending.length, queue.head + batchSize);
      const events = this.eventsOf(queue.pending.slice(queue.head, end));
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

  private eventsOf(ids: readonly number[]): StoredEvent[] {
    return ids.map((id) => this.events.get(String(id))).filter((event) => event !== undefined);
  }

  /** A queue replaced by importState: what it still had in flight settles into nothing. */
  private isCurrent(queue: WebhookQueue): boolean {
    return this.queues.get(queue.webhook.id) === queue;
  }

  private park(batch: Batch): void {
    batch.cancelRetry?.();
    batch.cancelRetry = undefined;
    batch.retryAt = undefined;
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
    const delayMs = this.behaviour.departureDelayMs(webhook);
    if (delayMs <= 0) {
      this.post(queue, batch);
      return;
    }
    // Held before it is made: it leaves as the webhook stands then (its url, token, format, status).
    const departure = setTimeout(() => {
      this.departing.delete(departure);
      batch.inFlight = false;
      if (this.closed || !this.isCurrent(queue)) return;
      if (!this.behaviour.mayReceive(webhook.status)) batch.parked = true;
      else {
        batch.inFlight = true;
        this.post(queue, batch);
      }
    }, delayMs);
    this.departing.add(departure);
  }

  private post(queue: WebhookQueue, batch: Batch): void {
    const { webhook } = queue;
    const delivery = buildDeliveryRequest(webhook, batch.events, this.behaviour);
    const logged = this.log.sent(webhook, batch.events, delivery, batch.failures + 1);
    // The endpoint is unresponsive from the attempt it failed, however late its failure is learned (the clock may move meanwhile).
    const madeAt = this.clock.now();
    void this.poster.post(webhook.url, delivery, this.settings.timeoutMs).then((outcome) => {
      batch.inFlight = false;
      if (this.closed || !this.isCurrent(queue)) return;
      this.settle(queue, batch, outcome, logged, madeAt);
      for (const listener of this.changeListeners) listener();
    });
  }

  private settle(queue: WebhookQueue, batch: Batch, outcome: DeliveryOutcome, logged: DeliveryAttempt, madeAt: number): void {
    const atMostOnce = queue.webhook.deliveryMode === 'AtMostOnce';
    const status = 'status' in outcome ? outcome.status : undefined;
    const succeeded = status !== undefined && (atMostOnce ? status === 200 : status >= 200 && status < 300);
    this.log.settled(logged, outcome, succeeded);
    if (succeeded) {
      queue.failingSince = undefined;
    } else {
      batch.failures += 1;
      this.noteFailure(queue, madeAt);
      if (this.behaviour.retries(queue.webhook.deliveryMode, batch.failures)) {
        this.scheduleRetry(queue, batch, logged);
        return;
      }
    }
    queue.active.splice(queue.active.indexOf(batch), 1);
    this.pump(queue);
  }

  private scheduleRetry(queue: WebhookQueue, batch: Batch, logged: DeliveryAttempt): void {
    const wait = Math.min(this.behaviour.backoffUnits(batch.failures) * BACKOFF_UNIT_MS, this.behaviour.maxBackoffMs);
    this.log.retryAt(logged, this.clock.now() + wait);
    this.retryIn(queue, batch, wait);
  }

  private retryIn(queue: WebhookQueue, batch: Batch, wait: number): void {
    batch.retryAt = this.clock.now() + Math.max(0, wait);
    batch.cancelRetry = this.clock.setTimeout(() => {
      batch.cancelRetry = undefined;
      batch.retryAt = undefined;
      this.send(queue, batch);
    }, wait);
  }

  /** 3.2: an endpoint failing for 2 days (sandbox) / 7 days (live) makes the webhook Unavailable; `madeAt`: when the failed attempt was made. */
  private noteFailure(queue: WebhookQueue, madeAt: number): void {
    queue.failingSince = Math.min(queue.failingSince ?? madeAt, madeAt);
    if (queue.webhook.status !== 'Enabled') return;
    if (this.clock.now() - queue.failingSince >= this.behaviour.unresponsiveLimitMs[this.environment]) {
      this.webhooks.setStatus(queue.webhook, 'Unavailable');
    }
  }
}
