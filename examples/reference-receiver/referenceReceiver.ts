import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A webhook receiver that does what the documents ask of one (API 5.3, 6.1, 9),
// on node:http and node:crypto alone, written to be copied:
//
// - it verifies X-Service-Signature, base64(HMAC-SHA1(token, body)), over the raw
//   bytes it received (never over re-parsed JSON), comparing the whole value in
//   constant time;
// - it answers 200, and only once every event of the delivery is processed
//   (AtMostOnce counts anything else as a failed delivery; AtLeastOnce retries);
// - it processes each event id once (AtLeastOnce redelivers), within a batch and
//   across deliveries, and marks an id done only after its processing succeeded;
// - it tolerates event types it has never heard of;
// - it handles batches (events in `data`, an array, or one object).
//
// `GET /effects?eventId=ID` answers {"count": n}, how many times the event was
// processed: the effects probe of `banking-api-conformance receiver --effects`.
// Serve it only where the test runs, never in production.
//
// Replace `process` with what your application does with an event; keep the
// processed-id store somewhere durable (a table with a unique key) in production.

export interface ReceivedEvent {
  id: string;
  type?: string;
  [member: string]: unknown;
}

/** Each step of handling a delivery; tests swap one for a deliberately broken one. */
export interface ReceiverSteps {
  /** 5.3: the signature header's value against the raw body. */
  verify(rawBody: Buffer, signature: string | undefined, token: string): boolean;
  /** Whether this event id was already processed (6.1 rule 2: idempotence by event id). */
  alreadyProcessed(processed: ReadonlyMap<string, number>, eventId: string): boolean;
  /** What the application does with a new event; unknown types included (6.1 rule 1). */
  process(event: ReceivedEvent): Promise<void> | void;
  /** The status of a delivery whose events are all processed: 200 (6.1). */
  acknowledge(events: readonly ReceivedEvent[]): Promise<number> | number;
}

export interface ReferenceReceiverOptions {
  /** The webhook's token (5.3); read it from your secret store. */
  token: string;
  /** Default X-Service-Signature. */
  signatureHeader?: string;
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Largest delivery accepted: 64 events with included resources are far below it. */
  maxBodyBytes?: number;
  steps?: Partial<ReceiverSteps>;
}

export interface ReferenceReceiver {
  /** Where deliveries go (any path but /effects). */
  readonly url: string;
  /** The effects probe. */
  readonly effectsUrl: string;
  /** How many times each event id was processed. */
  readonly processed: ReadonlyMap<string, number>;
  close(): Promise<void>;
}

export function verifySignature(rawBody: Buffer, signature: string | undefined, token: string): boolean {
  if (signature === undefined) return false;
  // The base64 text itself is compared, whole: a decoder stops at the padding and
  // would let characters appended after it through.
  const expected = Buffer.from(createHmac('sha1', token).update(rawBody).digest('base64'), 'utf8');
  const received = Buffer.from(signature, 'utf8');
  return received.length === expected.length && timingSafeEqual(received, expected);
}

/** The events of a delivery: in `data` (an array or one event), or a body that is itself an array. */
export function eventsOf(body: unknown): ReceivedEvent[] {
  const container = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  const items = Array.isArray(container) ? container : container === undefined ? [] : [container];
  // An AtLeastOnce batch may carry bare ids (6.1): then the id is all there is to go by.
  return items
    .map((item) => (typeof item === 'string' || typeof item === 'number' ? { id: String(item) } : (item as ReceivedEvent)))
    .filter((event) => event !== null && typeof event === 'object' && (typeof event.id === 'string' || typeof event.id === 'number'))
    .map((event) => ({ ...event, id: String(event.id) }));
}

export const REFERENCE_STEPS: ReceiverSteps = {
  verify: verifySignature,
  alreadyProcessed: (processed, eventId) => processed.has(eventId),
  process: () => {},
  acknowledge: () => 200,
};

function readRawBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    request.on('end', () => resolve(size <= limit ? Buffer.concat(chunks) : undefined));
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startReferenceReceiver(options: ReferenceReceiverOptions): Promise<ReferenceReceiver> {
  const steps = { ...REFERENCE_STEPS, ...options.steps };
  const header = (options.signatureHeader ?? 'X-Service-Signature').toLowerCase();
  const limit = options.maxBodyBytes ?? 8 * 1024 * 1024;
  const processed = new Map<string, number>();

  async function delivery(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await readRawBody(request, limit);
    if (raw === undefined) return answer(response, 413, { error: 'body too large' });
    const signature = request.headers[header];
    if (!steps.verify(raw, Array.isArray(signature) ? signature[0] : signature, options.token)) {
      return answer(response, 401, { error: 'signature does not verify' });
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return answer(response, 400, { error: 'body is not JSON' });
    }
    const events = eventsOf(body);
    for (const event of events) {
      if (steps.alreadyProcessed(processed, event.id)) continue;
      await steps.process(event);
      // Marked only once processed: a failure leaves it to the sender's retry.
      processed.set(event.id, (processed.get(event.id) ?? 0) + 1);
    }
    answer(response, await steps.acknowledge(events), { received: events.length });
  }

  function effects(request: IncomingMessage, response: ServerResponse): void {
    const eventId = new URL(request.url ?? '/', 'http://receiver').searchParams.get('eventId');
    if (!eventId) return answer(response, 400, { error: 'eventId is required' });
    answer(response, 200, { count: processed.get(eventId) ?? 0 });
  }

  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://receiver').pathname;
    const handled =
      request.method === 'GET' && path === '/effects'
        ? Promise.resolve(effects(request, response))
        : request.method === 'POST'
          ? delivery(request, response)
          : Promise.resolve(answer(response, 405, { error: 'POST deliveries here' }));
    // A handler that throws answers 500, so the sender retries (AtLeastOnce); it never takes the process down.
    handled.catch(() => {
      if (!response.headersSent) answer(response, 500, { error: 'processing failed' });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    url: `${base}/webhook`,
    effectsUrl: `${base}/effects`,
    processed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
