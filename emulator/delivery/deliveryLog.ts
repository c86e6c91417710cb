import type { VirtualClock } from '../core/virtualClock.ts';
import { isoTimestamp } from '../core/isoTimestamp.ts';
import type { Webhook } from '../webhooks/webhookModel.ts';
import { SIGNATURE_HEADER } from '../../contract/facts/webhookDelivery.ts';
import type { DeliveryRequest } from './deliveryPayload.ts';
import type { DeliveryOutcome } from './deliveryPoster.ts';

// What the emulator delivered, for people to look at (GET /_emulator/deliveries,
// the /_emulator/ui page, `banking-api-emulator deliveries`): the most recent
// attempts, each with the request as sent and the receiver's answer, and which
// webhooks each recent event was queued for. Bounded, so a receiver that is down
// for days costs a fixed amount of memory. Only what went over the wire is kept:
// a webhook's token never is (the signature made with it is).

export const DELIVERY_LOG_ATTEMPTS = 200;
/** Recent events whose recipients are remembered, so `trigger` can tell when every delivery was tried. */
export const DELIVERY_LOG_EVENTS = 1000;
/** The request body kept of each attempt; a batch of 64 events fits. */
export const KEPT_REQUEST_BODY_BYTES = 64 * 1024;

export interface DeliveryAttempt {
  /** Grows by one per attempt, so a reader can ask for what came after the last one it saw. */
  seq: number;
  webhookId: string;
  url: string;
  deliveryMode: Webhook['deliveryMode'];
  eventIds: string[];
  eventTypes: string[];
  /** 1 for the first try of a batch, 2 for its first retry, … */
  attempt: number;
  /** Emulator-clock time the request was sent. */
  sentAt: string;
  request: { headers: Record<string, string>; body: string; bodyTruncated: boolean; signature: string | null };
  state: 'in-flight' | 'delivered' | 'failed';
  /** The receiver's answer; absent in flight and when none came (see `error`). */
  response?: { status: number; body: string; bodyTruncated: boolean };
  /** Why no answer came: a refused connection, a time-out. */
  error?: string;
  /** Real milliseconds from sending to the answer or the failure. */
  durationMs?: number;
  /** Emulator-clock time of the retry of a failed attempt, when one is scheduled. */
  nextRetryAt?: string;
}

export interface DeliveryLogQuery {
  eventIds?: readonly string[];
  webhookId?: string;
  /** Only attempts with a larger seq. */
  after?: number;
  limit?: number;
}

/** The log as a saved state keeps it (emulator/persistence): attempts oldest first, recipients oldest event first. */
export interface SavedDeliveryLog {
  attempts: DeliveryAttempt[];
  recipients: Array<[string, string[]]>;
  nextSeq: number;
}

/** What a state saved before the log was kept reads back as. */
export const NO_SAVED_DELIVERIES: SavedDeliveryLog = { attempts: [], recipients: [], nextSeq: 1 };

/** An attempt whose answer never came because the emulator stopped: AtLeastOnce sends its batch again. */
const STOPPED_BEFORE_ANSWER = 'no answer before the emulator stopped';

function keptText(bytes: Buffer, limit: number): { text: string; truncated: boolean } {
  return bytes.length <= limit
    ? { text: bytes.toString('utf8'), truncated: false }
    : { text: bytes.subarray(0, limit).toString('utf8'), truncated: true };
}

export class DeliveryLog {
  private readonly attempts: DeliveryAttempt[] = [];
  private readonly recipients = new Map<string, string[]>();
  private nextSeq = 1;

  constructor(
    private readonly clock: VirtualClock,
    private readonly capacity = DELIVERY_LOG_ATTEMPTS,
    private readonly eventCapacity = DELIVERY_LOG_EVENTS,
  ) {}

  /** The event is queued for the webhook (a new event or a resend). */
  queued(eventId: string, webhookId: string): void {
    const known = this.recipients.get(eventId);
    if (known) {
      if (!known.includes(webhookId)) known.push(webhookId);
      return;
    }
    this.recipients.set(eventId, [webhookId]);
    if (this.recipients.size > this.eventCapacity) this.recipients.delete(this.recipients.keys().next().value!);
  }

  sent(webhook: Webhook, events: ReadonlyArray<{ id: string; type: string }>, delivery: DeliveryRequest, attempt: number): DeliveryAttempt {
    const body = keptText(delivery.body, KEPT_REQUEST_BODY_BYTES);
    const entry: DeliveryAttempt = {
      seq: this.nextSeq++,
      webhookId: webhook.id,
      url: webhook.url,
      deliveryMode: webhook.deliveryMode,
      eventIds: events.map((event) => event.id),
      eventTypes: [...new Set(events.map((event) => event.type))],
      attempt,
      sentAt: isoTimestamp(this.clock.now()),
      request: {
        headers: { ...delivery.headers },
        body: body.text,
        bodyTruncated: body.truncated,
        signature: delivery.headers[SIGNATURE_HEADER.toLowerCase()] ?? null,
      },
      state: 'in-flight',
    };
    this.attempts.push(entry);
    if (this.attempts.length > this.capacity) this.attempts.shift();
    return entry;
  }

  settled(entry: DeliveryAttempt, outcome: DeliveryOutcome, succeeded: boolean): void {
    entry.state = succeeded ? 'delivered' : 'failed';
    entry.durationMs = outcome.durationMs;
    if ('status' in outcome) {
      entry.response = { status: outcome.status, body: outcome.body, bodyTruncated: outcome.bodyTruncated };
    } else {
      entry.error = outcome.error;
    }
  }

  retryAt(entry: DeliveryAttempt, atMs: number): void {
    entry.nextRetryAt = isoTimestamp(atMs);
  }

  /** Newest first. */
  read(query: DeliveryLogQuery = {}): DeliveryAttempt[] {
    const wanted = query.eventIds && query.eventIds.length > 0 ? new Set(query.eventIds) : undefined;
    const found: DeliveryAttempt[] = [];
    for (let index = this.attempts.length - 1; index >= 0 && found.length < (query.limit ?? this.capacity); index -= 1) {
      const entry = this.attempts[index]!;
      if (query.after !== undefined && entry.seq <= query.after) break;
      if (query.webhookId !== undefined && entry.webhookId !== query.webhookId) continue;
      if (wanted && !entry.eventIds.some((id) => wanted.has(id))) continue;
      found.push(entry);
    }
    return found;
  }

  exportState(): SavedDeliveryLog {
    return {
      attempts: this.attempts.map((attempt) => structuredClone(attempt)),
      recipients: [...this.recipients].map(([eventId, webhookIds]) => [eventId, [...webhookIds]]),
      nextSeq: this.nextSeq,
    };
  }

  /** Replaces the log; an attempt saved in flight is read back failed, since its answer can no longer come. */
  importState(saved: unknown): void {
    const { attempts, recipients, nextSeq } = saved as SavedDeliveryLog;
    this.attempts.splice(
      0,
      this.attempts.length,
      ...attempts.map((attempt) =>
        attempt.state === 'in-flight'
          ? { ...structuredClone(attempt), state: 'failed' as const, error: STOPPED_BEFORE_ANSWER }
          : structuredClone(attempt),
      ),
    );
    this.recipients.clear();
    for (const [eventId, webhookIds] of recipients) this.recipients.set(eventId, [...webhookIds]);
    this.nextSeq = nextSeq;
  }

  /** The webhooks each event was queued for, as far as the log still remembers it. */
  recipientsOf(eventIds: readonly string[]): Record<string, string[]> {
    return Object.fromEntries(eventIds.map((id) => [id, [...(this.recipients.get(id) ?? [])]]));
  }
}
