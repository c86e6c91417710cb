import type { SecretRedactor } from '../records/secretRedactor.ts';
import { DeliveryLatency } from './deliveryLatency.ts';
import { WebhookSink, type SinkOptions } from './webhookSink.ts';

// The webhook sink of one target session: started when a scenario first needs
// it, closed with the session. It also keeps the one answer the session needs
// about it — whether the target can reach it at all — so that the reachability
// probe runs once per session instead of once per scenario, and how late the
// target's deliveries have come so far.

export class SessionSink {
  private started: Promise<WebhookSink> | undefined;
  private reachable: Promise<string | undefined> | undefined;
  /** How late deliveries reach this sink, over the whole session: what waits for them are bounded by. */
  readonly latency = new DeliveryLatency();

  constructor(
    private readonly options: SinkOptions,
    private readonly redactor: SecretRedactor,
  ) {}

  /** The running sink; a start that failed is tried again by the next caller. */
  sink(): Promise<WebhookSink> {
    if (!this.started) {
      const starting = WebhookSink.start(this.options, this.redactor).then((sink) => {
        // Scenarios remove their endpoints when they end; an idle sink must not hold the process open.
        sink.unref();
        return sink;
      });
      starting.catch(() => {
        if (this.started === starting) this.started = undefined;
      });
      this.started = starting;
    }
    return this.started;
  }

  /**
   * What `probe` found (undefined: reachable; otherwise why not), asked once per
   * session. A probe that threw is forgotten, so the next scenario probes again.
   */
  reachability(probe: () => Promise<string | undefined>): Promise<string | undefined> {
    if (!this.reachable) {
      const probing = probe();
      probing.catch(() => {
        if (this.reachable === probing) this.reachable = undefined;
      });
      this.reachable = probing;
    }
    return this.reachable;
  }

  async close(): Promise<void> {
    const started = this.started;
    this.started = undefined;
    this.reachable = undefined;
    if (started)
      await started.then(
        (sink) => sink.close(),
        () => undefined,
      );
  }
}
