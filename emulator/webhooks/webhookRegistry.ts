import type { Webhook, WebhookStatus } from './webhookModel.ts';

// All webhooks in creation order (ids and createdAt both grow), plus the set of
// Enabled ones: publishing an event walks only that set, and the sandbox limit
// check is O(1).
export class WebhookRegistry {
  private readonly byId = new Map<string, Webhook>();
  private readonly ordered: Webhook[] = [];
  private readonly enabled = new Set<Webhook>();
  private readonly statusListeners: Array<(webhook: Webhook, previous: WebhookStatus) => void> = [];
  private lastCreatedAt = Number.NEGATIVE_INFINITY;

  /** A createdAt for a new webhook: the clock's now, never before the previous one (the virtual clock may step back). */
  createdAtFor(now: number): number {
    this.lastCreatedAt = Math.max(now, this.lastCreatedAt);
    return this.lastCreatedAt;
  }

  add(webhook: Webhook): void {
    this.byId.set(webhook.id, webhook);
    this.ordered.push(webhook);
    if (webhook.status === 'Enabled') this.enabled.add(webhook);
  }

  get(id: string): Webhook | undefined {
    return this.byId.get(id);
  }

  all(): readonly Webhook[] {
    return this.ordered;
  }

  enabledCount(): number {
    return this.enabled.size;
  }

  enabledWebhooks(): Iterable<Webhook> {
    return this.enabled;
  }

  setStatus(webhook: Webhook, status: WebhookStatus): void {
    const previous = webhook.status;
    if (previous === status) return;
    webhook.status = status;
    if (status === 'Enabled') this.enabled.add(webhook);
    else this.enabled.delete(webhook);
    for (const listener of this.statusListeners) listener(webhook, previous);
  }

  onStatusChange(listener: (webhook: Webhook, previous: WebhookStatus) => void): void {
    this.statusListeners.push(listener);
  }

  exportState(): { webhooks: Webhook[]; lastCreatedAt: number | null } {
    return { webhooks: [...this.ordered], lastCreatedAt: Number.isFinite(this.lastCreatedAt) ? this.lastCreatedAt : null };
  }

  /** Replaces every webhook; no status listener hears of it (the delivery engine imports its own state next). */
  importState(saved: unknown): void {
    const { webhooks, lastCreatedAt } = saved as ReturnType<WebhookRegistry['exportState']>;
    this.byId.clear();
    this.ordered.length = 0;
    this.enabled.clear();
    for (const webhook of webhooks) this.add(webhook);
    this.lastCreatedAt = lastCreatedAt ?? Number.NEGATIVE_INFINITY;
  }
}
