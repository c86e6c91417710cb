import { Agent, request } from 'undici';
import type { DeliveryRequest } from './deliveryPayload.ts';

// Outgoing delivery POSTs (undici). Only ever to the URL a webhook names. A
// time-out, a refused or dropped connection all count as a failed delivery. The
// first few KiB of an answer are kept for the delivery log; the rest is read and dropped.

/** How much of a receiver's answer is kept; it is read up to 1 MiB whatever its length. */
export const KEPT_RESPONSE_BODY_BYTES = 4096;
const READ_RESPONSE_BYTES = 1 << 20;

export type DeliveryOutcome = ({ status: number; body: string; bodyTruncated: boolean } | { error: string }) & { durationMs: number };

async function keptBody(body: AsyncIterable<Buffer>): Promise<{ body: string; bodyTruncated: boolean }> {
  const kept: Buffer[] = [];
  let read = 0;
  for await (const chunk of body) {
    if (read < KEPT_RESPONSE_BODY_BYTES) kept.push(chunk.subarray(0, KEPT_RESPONSE_BODY_BYTES - read));
    read += chunk.length;
    if (read > READ_RESPONSE_BYTES) break;
  }
  return { body: Buffer.concat(kept).toString('utf8'), bodyTruncated: read > KEPT_RESPONSE_BODY_BYTES };
}

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
    const started = performance.now();
    const durationMs = () => Math.round(performance.now() - started);
    try {
      const response = await request(url, {
        method: 'POST',
        body: delivery.body,
        headers: delivery.headers,
        dispatcher: this.agent,
        signal,
      });
      const answer = await keptBody(response.body);
      return { status: response.statusCode, ...answer, durationMs: durationMs() };
    } catch (error) {
      return { error: signal.aborted ? `no response within ${timeoutMs} ms` : (error as Error).message, durationMs: durationMs() };
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
