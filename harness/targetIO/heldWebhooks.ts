// The webhooks a run holds on the target: the session counts them as it creates and disables
// them, so a run stays a good tenant of a shared sandbox (the scheduler keeps within the budget).

/**
 * The most webhooks a run holds on the target at once: a good tenant of a shared
 * sandbox, whose limit of 100 Enabled is everybody's (API 4.3, 8).
 */
export const WEBHOOK_BUDGET = 10;

export interface WebhookFootprint {
  /** The most webhooks of the run's own on the target at once (created, not yet disabled). */
  peakHeld: number;
  /** What it allowed itself (WEBHOOK_BUDGET); a heavy probe that fills the target's limit goes past it. */
  budget: number;
  /** Creates refused because the target's limit of Enabled webhooks was reached, and waited out. */
  limitWaits: number;
  limitWaitedMs: number;
}

/** How many of the target's webhooks the run holds (created and not yet disabled), and the most it held at once. */
export class HeldWebhooks {
  constructor(readonly budget = WEBHOOK_BUDGET) {}
  held = 0;
  peak = 0;
  /** Time spent waiting for the target's webhook limit to free a place, and how often. */
  limitWaits = 0;
  limitWaitedMs = 0;

  /** What results.json reports (verdict/resultsDocument.ts `webhookFootprint`). */
  snapshot(): WebhookFootprint {
    return { peakHeld: this.peak, budget: this.budget, limitWaits: this.limitWaits, limitWaitedMs: this.limitWaitedMs };
  }

  change(by: number): void {
    this.held = Math.max(0, this.held + by);
    this.peak = Math.max(this.peak, this.held);
  }
}
