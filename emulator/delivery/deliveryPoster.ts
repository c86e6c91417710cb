import { Agent, request } from 'undici';
import type { DeliveryRequest } from './deliveryPayload.ts';

// Outgoing delivery POSTs (undici). Only ever to the URL a webhook names. A
// time-out, a refused or dropped connection all count as a failed delivery.

export type DeliveryOutcome = { status: number } | { error: string };

export class DeliveryPoster {
  private readonly agent = new Agent({ keepAliveTimeout: 2000, connections: 256 });
  /** Deliveries in flight, aborted when the emulator closes. */
  private readonly inFlight = new Set<AbortController>();

  async post(url: string, delivery: DeliveryRequest, timeoutMs: number): Promise<DeliveryOutcome> {
    // A plain timer rather than AbortSignal.timeout() combined with AbortSignal.any(): Node may
    // collect a timeout signal held only by a composite, and then an endpoint that never answers
    // would hold its webhook's queue for good (nodejs/node#57736). The timer keeps the controller alive.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    this.inFlight.add(abort);
    const signal = abort.signal;
    try {
      const response = await request(url, {
        method: 'POST',
        body: delivery.body,
        headers: delivery.headers,
        dispatcher: this.agent,
        signal,
      });
      await response.body.dump({ limit: 1 << 20, signal });
      return { status: response.statusCode };
    } catch (error) {
      return { error: signal.aborted ? `no response within ${timeoutMs} ms` : (error as Error).message };
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(abort);
    }
  }

  async close(): Promise<void> {
    for (const abort of this.inFlight) abort.abort();
    await this.agent.destroy();
  }
}
