import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { SIGNATURE_HEADER } from '../contract/facts/webhookDelivery.ts';
import { type AnsweredDelivery, forwardedHeaders, postDelivery } from './deliveryExchange.ts';

// Sits between the embedded sandbox and the receiver, on loopback: each webhook
// of the sandbox points at its own path here, and every delivery is sent on to
// the receiver byte for byte (only the signature header renamed, when the vendor
// names it otherwise) and its answer handed back to the sandbox, which then
// retries or moves on exactly as it would without the proxy. What the receiver
// answered is kept per path for the cases to judge.

const SANDBOX_HEADER = SIGNATURE_HEADER.toLowerCase();
/** The largest delivery relayed: 64 events with included resources stay far below it. */
const BODY_LIMIT = 8 * 1024 * 1024;

export class RecordingProxy {
  private readonly answered = new Map<string, AnsweredDelivery[]>();
  private readonly waiters = new Set<() => void>();
  private readonly closing = new AbortController();

  private constructor(
    private readonly server: Server,
    private readonly receiverUrl: string,
    private readonly headerName: string,
    /** How long a relayed delivery may wait for the receiver: beyond the sandbox's own time-out, to see how late it answers. */
    private readonly waitMs: number,
    private readonly redactor: SecretRedactor,
  ) {}

  static async start(options: {
    receiverUrl: string;
    headerName: string;
    waitMs: number;
    redactor: SecretRedactor;
  }): Promise<RecordingProxy> {
    const server = createServer();
    const proxy = new RecordingProxy(server, options.receiverUrl, options.headerName, options.waitMs, options.redactor);
    // A sender that hangs up mid-body (the sandbox closing) leaves nothing to relay.
    server.on('request', (incoming, outgoing) => void proxy.relay(incoming, outgoing).catch(() => outgoing.destroy()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  /** The URL a sandbox webhook points at to reach the receiver through path `key`. */
  urlFor(key: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/${encodeURIComponent(key)}`;
  }

  deliveries(key: string): readonly AnsweredDelivery[] {
    return this.answered.get(key) ?? [];
  }

  /** The first answered deliveries of `key` for which `found` holds, or undefined after timeoutMs. */
  async waitFor<T>(
    key: string,
    found: (deliveries: readonly AnsweredDelivery[]) => T | undefined,
    timeoutMs: number,
  ): Promise<T | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const result = found(this.deliveries(key));
      const left = deadline - Date.now();
      if (result !== undefined || left <= 0 || this.closing.signal.aborted) return result;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  async close(): Promise<void> {
    this.closing.abort();
    for (const wake of [...this.waiters]) wake();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async relay(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const key = decodeURIComponent((incoming.url ?? '/').slice(1));
    const body = await readBody(incoming);
    if (body === undefined) {
      outgoing.writeHead(413).end();
      return;
    }
    const headers = forwardedHeaders(incoming.headers);
    const signature = headers[SANDBOX_HEADER];
    if (signature !== undefined && this.headerName.toLowerCase() !== SANDBOX_HEADER) {
      delete headers[SANDBOX_HEADER];
      headers[this.headerName.toLowerCase()] = signature;
    }
    const answer = await postDelivery(this.receiverUrl, body, headers, {
      waitMs: this.waitMs,
      redactor: this.redactor,
      signal: this.closing.signal,
    });
    const { answerHeaders, answerBody, ...recorded } = answer;
    this.answered.set(key, [...this.deliveries(key), recorded]);
    for (const wake of [...this.waiters]) wake();
    // The sandbox may have given up already (its time-out): then there is no one to answer.
    if (outgoing.destroyed) return;
    if (answer.status === undefined) {
      outgoing.destroy();
      return;
    }
    outgoing.writeHead(answer.status, { 'content-type': answerHeaders?.['content-type'] ?? 'text/plain' });
    outgoing.end(answerBody);
  }
}

async function readBody(incoming: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
