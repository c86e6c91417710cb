import { Agent, request } from 'undici';
import type { DeliveryRequest } from './deliveryPayload.ts';

// Outgoing delivery POSTs (undici). Only ever to the URL a webhook names. A
// time-out, a refused or dropped connection all count as a failed delivery.

export type DeliveryOutcome = { status: number } | { error: string };

export class DeliveryPoster {
  private readonly agent = new Agent({ keepAliveTimeout: 2000, connections: 256 });
  private readonly closing = new AbortController();

  async post(url: string, delivery: DeliveryRequest, timeoutMs: number): Promise<DeliveryOutcome> {
    // A plain timer rather than AbortSignal.any([…, AbortSignal.timeout()]): Node may collect a
    // timeout signal held only by a composite, and then an endpoint that never answers would hold
    // its webhook's queue for good (nodejs/node#57736). The timer keeps the controller alive.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    const onClose = () => abort.abort();
    this.closing.signal.addEventListener('abort', onClose, { once: true });
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
      this.closing.signal.removeEventListener('abort', onClose);
    }
  }

  async close(): Promise<void> {
    this.closing.abort();
    await this.agent.destroy();
  }
}
