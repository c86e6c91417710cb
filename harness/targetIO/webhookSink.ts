import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ExchangeExcerpt } from '../records/checkRecords.ts';
import { type DeliveryPayload, parseDeliveryPayload } from '../../contract/catalogue/deliveryPayload.ts';
import { SIGNATURE_HEADER } from '../../contract/facts/webhookDelivery.ts';
import { SecretRedactor } from '../records/secretRedactor.ts';
import { ANSWER_OK, describeStep, SinkScript, type SinkStep } from './webhookSinkScript.ts';
import { type SignatureVerdict, verifySignature } from './webhookSinkSignature.ts';
import { timedWaitOnTarget } from '../records/runMetrics.ts';

// The webhook receiver the suites point webhooks at: one path per webhook under
// test. It keeps every request exactly as received (raw bytes, headers, arrival
// time, how many other requests were open on the same path), judges the
// signature over the raw bytes, and answers from a per-path script.

export interface SinkOptions {
  /** Address to bind; loopback unless the target must reach the sink from elsewhere. */
  bindHost?: string;
  /** 0 (default) picks a free port; a public URL usually needs a fixed one. */
  port?: number;
  /** Base URL the target uses to reach this sink (a tunnel, a proxy); default http://bindHost:port. */
  publicUrl?: string;
  signatureHeader?: string;
  /** Deliveries each endpoint keeps (default SINK_DELIVERIES_KEPT); later ones are only counted. */
  deliveriesKept?: number;
}

export interface SinkDelivery {
  /** Order of arrival on this endpoint, from 0. */
  index: number;
  /** Wall-clock ms (sub-ms precision) when the request arrived, and when it was answered, dropped or given up on. */
  receivedAt: number;
  finishedAt?: number;
  method: string;
  headers: Record<string, string>;
  rawBody: Buffer;
  payload: DeliveryPayload;
  /** Other requests on this path that were open (not yet answered) when this one arrived; hung ones excluded. */
  openAtArrival: number;
  /** Hung requests still open when this one arrived. */
  hungAtArrival: number;
  signature: SignatureVerdict;
  /** What the sink did: an HTTP status, 'dropped', or 'hung'. */
  answer?: number | 'dropped' | 'hung';
  exchange: ExchangeExcerpt;
  /** Bytes the sender sent, when more than the sink keeps: rawBody is then the first SINK_BODY_LIMIT bytes. */
  receivedBytes?: number;
}

export interface SinkEndpoint {
  readonly name: string;
  readonly url: string;
  deliveries(): readonly SinkDelivery[];
  /** Resolves true once predicate holds over the deliveries so far, false after timeoutMs. */
  waitFor(predicate: (deliveries: readonly SinkDelivery[]) => boolean, timeoutMs: number): Promise<boolean>;
  setToken(token: string | undefined): void;
  setScript(steps: readonly SinkStep[], fallback?: SinkStep): void;
  /** Stop recording; later requests to this path get 410 and are not kept. */
  remove(): void;
  /** Requests answered but not kept, because SINK_DELIVERIES_KEPT were kept already (a flood). */
  overflow(): number;
}

const BODY_EXCERPT = 2000;
/**
 * What one endpoint keeps, so a target that floods the sink or sends huge
 * bodies cannot exhaust the harness's memory: documented deliveries are a batch
 * of at most 64 events, far below both.
 */
export const SINK_BODY_LIMIT = 1024 * 1024;
export const SINK_DELIVERIES_KEPT = 20_000;
const nowMs = (): number => performance.timeOrigin + performance.now();

function flatten(headers: IncomingMessage['headers']): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) result[name] = Array.isArray(value) ? value.join(', ') : value;
  return result;
}

class Endpoint implements SinkEndpoint {
  readonly recorded: SinkDelivery[] = [];
  notKept = 0;
  open = 0;
  hung = new Set<ServerResponse>();
  removed = false;
  private waiters = new Set<() => void>();
  private script: SinkScript;

  constructor(
    readonly name: string,
    readonly url: string,
    public token: string | undefined,
    steps: readonly SinkStep[],
    fallback: SinkStep,
    private readonly onRemove: () => void,
    /** Learns the signing token: it is a secret wherever it shows up. */
    private readonly redactor: SecretRedactor,
  ) {
    redactor.add(token);
    this.script = new SinkScript(steps, fallback);
  }

  deliveries(): readonly SinkDelivery[] {
    return this.recorded;
  }

  overflow(): number {
    return this.notKept;
  }

  nextStep(): SinkStep {
    return this.script.take();
  }

  setToken(token: string | undefined): void {
    this.redactor.add(token);
    this.token = token;
  }

  setScript(steps: readonly SinkStep[], fallback: SinkStep = ANSWER_OK): void {
    this.script = new SinkScript(steps, fallback);
  }

  notify(): void {
    for (const waiter of this.waiters) waiter();
  }

  waitFor(predicate: (deliveries: readonly SinkDelivery[]) => boolean, timeoutMs: number): Promise<boolean> {
    if (predicate(this.recorded)) return Promise.resolve(true);
    const arrived = new Promise<boolean>((resolve) => {
      const check = () => {
        if (!predicate(this.recorded)) return;
        done(true);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      const done = (result: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(result);
      };
      this.waiters.add(check);
    });
    // Waiting for a delivery is waiting on the target's clock (its queue, its backoff): the run's metrics count it.
    return timedWaitOnTarget(arrived);
  }

  remove(): void {
    if (this.removed) return;
    this.removed = true;
    for (const response of this.hung) response.destroy();
    this.hung.clear();
    this.onRemove();
  }
}

export class WebhookSink {
  private readonly endpoints = new Map<string, Endpoint>();
  private readonly prefix = `/hooks/${randomBytes(6).toString('hex')}`;
  private baseUrl = '';

  private constructor(
    private readonly server: Server,
    private readonly signatureHeader: string,
    private readonly deliveriesKept: number,
    private readonly redactor: SecretRedactor,
  ) {}

  /** `redactor` masks the excerpts of deliveries: a target session passes its own, which knows the session's secrets. */
  static async start(options: SinkOptions = {}, redactor = new SecretRedactor()): Promise<WebhookSink> {
    const server = createServer();
    const sink = new WebhookSink(
      server,
      (options.signatureHeader ?? SIGNATURE_HEADER).toLowerCase(),
      options.deliveriesKept ?? SINK_DELIVERIES_KEPT,
      redactor,
    );
    server.on('request', (request, response) => sink.handle(request, response));
    const host = options.bindHost ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const local = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    sink.baseUrl = (options.publicUrl ?? local).replace(/\/+$/, '');
    return sink;
  }

  /**
   * A fresh path for one webhook under test. `token` is what signatures are verified against;
   * `script`, then `fallback`, how it answers from its first request on.
   */
  endpoint(name: string, options: { token?: string; script?: readonly SinkStep[]; fallback?: SinkStep } = {}): SinkEndpoint {
    const slug = `${name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60)}-${randomBytes(4).toString('hex')}`;
    const path = `${this.prefix}/${slug}`;
    const endpoint = new Endpoint(
      name,
      `${this.baseUrl}${path}`,
      options.token,
      options.script ?? [],
      options.fallback ?? ANSWER_OK,
      () => this.endpoints.delete(path),
      this.redactor,
    );
    this.endpoints.set(path, endpoint);
    return endpoint;
  }

  async close(): Promise<void> {
    for (const endpoint of [...this.endpoints.values()]) endpoint.remove();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Keep the process from waiting on the sink (a shared sink outlives single scenarios). */
  unref(): void {
    this.server.unref();
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const receivedAt = nowMs();
    const path = (request.url ?? '').split('?')[0] ?? '';
    const endpoint = this.endpoints.get(path);
    if (!endpoint) {
      response.writeHead(410).end();
      request.resume();
      return;
    }
    const openAtArrival = endpoint.open;
    const hungAtArrival = endpoint.hung.size;
    endpoint.open += 1;
    const chunks: Buffer[] = [];
    let receivedBytes = 0;
    let finished = false;
    const finish = (delivery: SinkDelivery | undefined, answer: SinkDelivery['answer']) => {
      if (finished) return;
      finished = true;
      if (answer !== 'hung') endpoint.open -= 1;
      if (delivery) {
        delivery.finishedAt = nowMs();
        if (delivery.answer === undefined) delivery.answer = answer;
      }
    };
    // A sender that resets mid-body is recorded as nothing; it must not take the sink down.
    request.on('error', () => finish(undefined, 'dropped'));
    request.on('data', (chunk: Buffer) => {
      const room = SINK_BODY_LIMIT - Math.min(receivedBytes, SINK_BODY_LIMIT);
      if (room > 0) chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      receivedBytes += chunk.length;
    });
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks);
      const keep = endpoint.recorded.length < this.deliveriesKept;
      const headers = flatten(request.headers);
      const step = endpoint.nextStep();
      const delivery: SinkDelivery = {
        index: endpoint.recorded.length,
        receivedAt,
        method: request.method ?? 'POST',
        headers,
        rawBody,
        payload: parseDeliveryPayload(rawBody),
        openAtArrival,
        hungAtArrival,
        signature: verifySignature(rawBody, headers[this.signatureHeader], endpoint.token),
        exchange: {
          request: {
            method: request.method ?? 'POST',
            url: `${this.baseUrl}${path}`,
            headers: this.redactor.headers(headers),
            body: this.redactor.text(rawBody.toString('utf8').slice(0, BODY_EXCERPT)),
          },
          response: { status: 'status' in step ? step.status : 0, headers: {}, durationMs: 0 },
        },
      };
      if (!('status' in step)) delete delivery.exchange.response;
      if (receivedBytes > rawBody.length) {
        delivery.receivedBytes = receivedBytes;
        delivery.exchange.error = `the body was ${receivedBytes} bytes; the sink kept the first ${rawBody.length}`;
      }
      if ('hang' in step) {
        delivery.exchange.error = `sink scripted: ${describeStep(step)}`;
        delivery.answer = 'hung';
        endpoint.open -= 1;
        endpoint.hung.add(response);
        finished = true;
        response.on('close', () => {
          endpoint.hung.delete(response);
          delivery.finishedAt = nowMs();
        });
      } else {
        const act = () => {
          if (finished) return;
          if ('drop' in step) {
            delivery.exchange.error = `sink scripted: ${describeStep(step)}`;
            finish(delivery, 'dropped');
            request.socket.destroy();
            return;
          }
          finish(delivery, step.status);
          response.writeHead(step.status, { 'content-type': 'text/plain' }).end(step.status < 300 ? 'ok' : 'scripted failure');
        };
        if (step.delayMs) setTimeout(act, step.delayMs);
        else act();
        response.on('close', () => finish(delivery, 'dropped'));
      }
      if (keep) endpoint.recorded.push(delivery);
      else endpoint.notKept += 1;
      endpoint.notify();
    });
  }
}
