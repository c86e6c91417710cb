import type { AnsweredDelivery } from './deliveryExchange.ts';
import type { EmbeddedSandbox, SandboxWebhook } from './embeddedSandbox.ts';
import type { RecordingProxy } from './recordingProxy.ts';

// What a case sees of the sandbox: a webhook of its own (so one case's retries
// never hold up another's events), events made to happen on it, and the
// receiver's answers to the deliveries that carried them.

export class NoDeliveryError extends Error {}

const sameIds = (delivery: AnsweredDelivery, ids: readonly string[]): boolean =>
  delivery.eventIds.length === ids.length && delivery.eventIds.every((id, index) => id === ids[index]);

export class SandboxDeliveries {
  private readonly opened: SandboxWebhook[] = [];

  constructor(
    private readonly sandbox: EmbeddedSandbox,
    private readonly proxy: RecordingProxy,
    /** How long a delivery may take to arrive and be answered: the receiver's time-out and the proxy's wait beyond it. */
    private readonly arrivalMs: number,
  ) {}

  async webhook(label: string): Promise<SandboxWebhook> {
    const webhook = await this.sandbox.openWebhook(label);
    this.opened.push(webhook);
    return webhook;
  }

  inject(type: string, count = 1): Promise<string[]> {
    return this.sandbox.inject(type, count);
  }

  resend(eventId: string): Promise<void> {
    return this.sandbox.resend(eventId);
  }

  /**
   * The receiver's answer to the `occurrence`-th delivery to `webhook` carrying
   * exactly `eventIds` (a retry or a resend is a later occurrence).
   */
  async answerTo(webhook: SandboxWebhook, eventIds: readonly string[], occurrence = 1): Promise<AnsweredDelivery> {
    const answer = await this.proxy.waitFor(
      webhook.key,
      (deliveries) => deliveries.filter((delivery) => sameIds(delivery, eventIds))[occurrence - 1],
      this.arrivalMs,
    );
    if (!answer) {
      const seen = this.proxy.deliveries(webhook.key).map((delivery) => delivery.eventIds.length);
      throw new NoDeliveryError(
        `the sandbox's delivery ${occurrence > 1 ? `#${occurrence} ` : ''}of ${eventIds.length} event(s) did not reach the receiver within ${this.arrivalMs} ms (deliveries seen on this webhook, by size: ${seen.join(', ') || 'none'})`,
      );
    }
    return answer;
  }

  /**
   * Makes `count` events of `type` happen on a webhook of their own and answers the
   * receiver's answer to their delivery; the webhook is disabled afterwards, so
   * later events never reach it and its retries stop.
   */
  async deliver(label: string, type: string, count = 1): Promise<{ eventIds: string[]; answer: AnsweredDelivery }> {
    const webhook = await this.webhook(label);
    try {
      const eventIds = await this.inject(type, count);
      return { eventIds, answer: await this.answerTo(webhook, eventIds) };
    } finally {
      await this.close(webhook);
    }
  }

  async close(webhook: SandboxWebhook): Promise<void> {
    const index = this.opened.indexOf(webhook);
    if (index >= 0) this.opened.splice(index, 1);
    await this.sandbox.closeWebhook(webhook);
  }

  /** Disables every webhook the cases opened: no retry outlives its case. */
  async closeAll(): Promise<void> {
    for (const webhook of this.opened.splice(0)) await this.sandbox.closeWebhook(webhook);
  }
}
