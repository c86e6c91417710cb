import { Agent, request as undiciRequest } from 'undici';
import { JSON_API } from '../../contract/facts/mediaTypes.ts';
import type { ExchangeExcerpt } from '../records/checkRecords.ts';
import type { CheckRecorder } from '../records/checkRecorder.ts';
import type { ExchangeJournal } from '../records/exchangeJournal.ts';
import {
  CLIENT_REQUIREMENTS,
  expandPath,
  type Operation,
  OPERATIONS,
  type OperationName,
} from '../../contract/catalogue/operationCatalogue.ts';
import { schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';
import type { SecretRedactor } from '../records/secretRedactor.ts';
import { asksToSlowDown, emptyTally, isThrottled, nextWaitMs, type ThrottleTally } from './throttleRetry.ts';
import type { CallAnswer } from './adaptiveConcurrency.ts';
import type { CallGate } from './callGate.ts';
import { MAX_CONCURRENCY } from './concurrency.ts';
import { readCappedBody } from './responseBodyReader.ts';
import { acceptedCodings, decodeBody } from './contentCoding.ts';
import { callMade, retriedAfter429 } from '../records/runMetrics.ts';
import { watchStalls } from './eventLoopStall.ts';

// Speaks JSON:API to the target and judges what every response can be judged on
// without knowing the scenario: the 5-second time-out, the media type, and the
// response schema of the operation.

/** The documented time-out of every operation (Conventions; section 8). */
export const OPERATION_TIMEOUT_MS = 5_000;

const stalledNote = (stalledMs: number): string =>
  stalledMs > 0
    ? `, of which ${stalledMs} ms this process could not have read an answer (its event loop stood still), which is not counted`
    : '';
/** How long past the time-out we wait for an answer, so a slow target is judged rather than hung on. */
const GRACE_MS = 5_000;
const EXCERPT_LIMIT = 4_000;

export interface RequestOptions {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | readonly string[] | undefined>;
  body?: unknown;
  rawBody?: Buffer | Uint8Array | string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  // Responses are untyped JSON by nature; scenarios narrow what they read.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  rawBody: Buffer;
  durationMs: number;
  /** Of durationMs, the time this process's own event loop stood still (harness/targetIO/eventLoopStall.ts): not the target's. */
  stalledMs?: number;
  exchange: ExchangeExcerpt;
}

export class TargetRequestError extends Error {
  constructor(
    message: string,
    readonly exchange: ExchangeExcerpt,
    readonly connectionDropped = false,
  ) {
    super(message);
  }
}

/** The connection closed under a request before any answer: a reused keep-alive socket the server was closing. */
const droppedConnection = (error: unknown): boolean =>
  ['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE'].includes(String((error as { code?: unknown }).code));
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// An idle connection is given up well before servers commonly close theirs (Node's
// default is 5 s): reusing one the server is closing at that instant fails the
// request with "other side closed" — a race of the client's, not the target's failure.
export const IDLE_CONNECTION_MS = 4_000;
// keepAliveMaxTimeout caps what a server's Keep-Alive: timeout=N hint may stretch it to: on a busy machine
// timers run late, and a hint-sized timeout ends too close to the server's own. As many connections as
// --concurrency allows scenarios: fewer would queue calls here, and `auto` would read the queue as the target's latency.
const sharedAgent = new Agent({
  keepAliveTimeout: IDLE_CONNECTION_MS,
  keepAliveMaxTimeout: IDLE_CONNECTION_MS,
  connections: MAX_CONCURRENCY,
});

export function buildQuery(query: RequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const excerpt = (text: string): string =>
  text.length > EXCERPT_LIMIT ? `${text.slice(0, EXCERPT_LIMIT)}… (${text.length} characters)` : text;

function describeBody(body: Buffer, contentType: string | undefined, redactor: SecretRedactor): string | undefined {
  if (body.length === 0) return undefined;
  const textual = !contentType || /json|text|xml|urlencoded/i.test(contentType);
  return textual ? redactor.text(excerpt(body.toString('utf8'))) : `<${body.length} bytes of ${contentType}>`;
}

/** The pause before each of one scenario's calls to the target (API and control calls). */
export type Pace = () => Promise<void>;

export interface CallHooks {
  /** Awaited before each call: the schedule fuzzer's pauses (harness/engine/schedulePerturbation.ts). */
  pace?: Pace;
  /** Told of each documented operation before it is sent. */
  operation?: (name: OperationName) => void;
  /** Passed before each request goes out: the target's stated rate limit (harness/targetIO/callGate.ts). */
  gate?: CallGate;
  /** Told as each request goes out; what it answers is told how it was answered (`--concurrency auto`). */
  sending?: () => (answer: CallAnswer) => void;
}

export class ApiClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string | null,
    private readonly recorder: CheckRecorder,
    /** Throttling waited out by this client (and the clients made from it). */
    readonly throttling: ThrottleTally = emptyTally(),
    /** Told of every exchange, for `run --har`. */
    private readonly journal?: ExchangeJournal,
    /** What the engine watches: the shared state an operation uses, the schedule fuzzer's pause before each call. */
    private readonly hooks?: CallHooks,
  ) {
    if (token) recorder.redactor.add(token);
  }

  withToken(token: string | null): ApiClient {
    return new ApiClient(this.baseUrl, token, this.recorder, this.throttling, this.journal, this.hooks);
  }

  /** A documented operation: its response is judged against the operation's schema. */
  async call(name: OperationName, options: RequestOptions = {}): Promise<ApiResponse> {
    const operation: Operation = OPERATIONS[name];
    this.hooks?.operation?.(name);
    const response = await this.send(operation.method, expandPath(operation.path, options.params), options);
    this.judgeShape(name, operation, response);
    return response;
  }

  /**
   * Any request; only the time-out and media type are judged. Throttling (429,
   * or 503 to a read) is waited out and retried, never judged; only the answer
   * that ends it is returned.
   */
  async send(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    await this.hooks?.pace?.();
    let waited = 0;
    let redialled = false;
    for (let attempt = 0; ; attempt += 1) {
      let response: ApiResponse;
      try {
        response = await this.sendGated(method, path, options);
      } catch (error) {
        // A read is safe to send again once on a fresh connection; anything else could act twice.
        if (!(error instanceof TargetRequestError && error.connectionDropped && READ_METHODS.has(method.toUpperCase())) || redialled)
          throw error;
        redialled = true;
        response = await this.sendGated(method, path, options);
      }
      if (!isThrottled(method, response.status)) {
        this.judgeTimeout(method, path, response);
        this.judgeMediaType(method, path, response);
        return response;
      }
      const wait = nextWaitMs(attempt, response.headers['retry-after'], waited, response.headers.date);
      if (wait === undefined) {
        throw new TargetRequestError(
          `${method} ${path} was still throttled (${response.status}) after ${attempt + 1} attempts and ${(waited / 1000).toFixed(1)} s of waiting`,
          response.exchange,
        );
      }
      if (response.status === 429) {
        this.throttling.tooManyRequests += 1;
        retriedAfter429(wait);
      } else this.throttling.unavailable += 1;
      this.throttling.waitedMs += wait;
      waited += wait;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** One request, once the gate lets it go; its answer told to whoever adapts the concurrency. */
  private async sendGated(method: string, path: string, options: RequestOptions): Promise<ApiResponse> {
    const leave = await this.hooks?.gate?.enter();
    const answered = this.hooks?.sending?.();
    try {
      const response = await this.sendMetered(method, path, options);
      const slowDown = asksToSlowDown(method, response.status, response.headers['retry-after']);
      answered?.({ latencyMs: response.durationMs - (response.stalledMs ?? 0), slowDown });
      leave?.({ throttled: response.status === 429 });
      return response;
    } finally {
      leave?.();
    }
  }

  /** One request, counted in the run's metrics whether it is answered or not. */
  private async sendMetered(method: string, path: string, options: RequestOptions): Promise<ApiResponse> {
    const started = performance.now();
    try {
      return await this.sendOnce(method, path, options);
    } finally {
      callMade(started, performance.now());
    }
  }

  private async sendOnce(method: string, path: string, options: RequestOptions): Promise<ApiResponse> {
    const url = `${this.baseUrl}${path}${buildQuery(options.query)}`;
    const headers: Record<string, string> = { accept: JSON_API, ...acceptedCodings(), ...options.headers };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let payload: Buffer | undefined;
    if (options.rawBody !== undefined) {
      payload = Buffer.from(options.rawBody as Uint8Array);
      if (options.contentType) headers['content-type'] = options.contentType;
    } else if (options.body !== undefined) {
      payload = Buffer.from(JSON.stringify(options.body));
      headers['content-type'] = options.contentType ?? JSON_API;
    }
    const exchange: ExchangeExcerpt = {
      request: { method, url, headers: this.recorder.redactor.headers(headers) },
    };
    const body = payload ? describeBody(payload, headers['content-type'], this.recorder.redactor) : undefined;
    if (body !== undefined) exchange.request.body = body;

    const startedAt = new Date();
    const started = performance.now();
    const stalls = watchStalls();
    let status: number;
    let responseHeaders: Record<string, string>;
    let rawBody: Buffer;
    let cutAtBytes: number | undefined;
    try {
      // Redirects are answers to judge, never followed; the signal bounds the
      // whole exchange, so a body that trickles forever ends too.
      const answer = await undiciRequest(url, {
        method,
        headers,
        body: payload,
        dispatcher: sharedAgent,
        headersTimeout: OPERATION_TIMEOUT_MS + GRACE_MS,
        bodyTimeout: OPERATION_TIMEOUT_MS + GRACE_MS,
        signal: AbortSignal.timeout(OPERATION_TIMEOUT_MS + GRACE_MS),
      });
      status = answer.statusCode;
      responseHeaders = flattenHeaders(answer.headers);
      ({ body: rawBody, cutAtBytes } = await readCappedBody(answer.body));
    } catch (error) {
      const durationMs = Math.round(performance.now() - started);
      const stalledMs = stalls();
      exchange.error = `${(error as Error).message} after ${durationMs} ms`;
      this.journal?.(exchange, startedAt);
      if (durationMs - stalledMs >= OPERATION_TIMEOUT_MS) {
        this.recorder.fail(
          CLIENT_REQUIREMENTS.timeout,
          `${method} ${path}: expected an answer within 5 s; none after ${durationMs} ms${stalledNote(stalledMs)}`,
          { exchanges: [exchange] },
        );
      }
      throw new TargetRequestError(
        `${method} ${url} failed: ${(error as Error).message}`,
        exchange,
        durationMs < OPERATION_TIMEOUT_MS && droppedConnection(error),
      );
    }
    const durationMs = Math.round(performance.now() - started);
    const contentType = responseHeaders['content-type'];
    // A cut body is not the document the target sent, so it is neither decoded nor parsed.
    const decoded = cutAtBytes === undefined ? decodeBody(rawBody, responseHeaders['content-encoding']) : undefined;
    const judged = decoded && !decoded.problem ? decoded.body : rawBody;
    exchange.response = { status, headers: this.recorder.redactor.headers(responseHeaders), durationMs };
    // The exchange keeps Content-Encoding among its headers; the body shown is the one judged.
    const responseBody = decoded?.problem
      ? `<${rawBody.length} bytes that did not decode>`
      : describeBody(judged, contentType, this.recorder.redactor);
    if (responseBody !== undefined) exchange.response.body = responseBody;
    if (cutAtBytes !== undefined)
      exchange.error = `the body was cut at ${cutAtBytes} bytes; the target sent more, which the harness did not read`;
    else if (decoded?.problem) exchange.error = `a malformed answer: ${decoded.problem}`;
    this.journal?.(exchange, startedAt);

    const parsed = decoded && !decoded.problem ? parseJson(judged, contentType) : undefined;
    return { status, headers: responseHeaders, body: parsed, rawBody: judged, durationMs, stalledMs: stalls(), exchange };
  }

  private judgeTimeout(method: string, path: string, response: ApiResponse): void {
    const stalledMs = response.stalledMs ?? 0;
    const within = response.durationMs - stalledMs <= OPERATION_TIMEOUT_MS;
    this.recorder.expect(
      CLIENT_REQUIREMENTS.timeout,
      within,
      within
        ? 'operations answered within the documented 5 s time-out'
        : `${method} ${path}: expected an answer within 5 s; took ${response.durationMs} ms${stalledNote(stalledMs)}`,
      within ? undefined : response,
    );
  }

  private judgeMediaType(method: string, path: string, response: ApiResponse): void {
    if (response.rawBody.length === 0) return;
    const contentType = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    // Binary downloads (sandbox documents) are not JSON:API documents.
    if (contentType && !/json/.test(contentType)) return;
    const ok = contentType === JSON_API;
    this.recorder.expect(
      CLIENT_REQUIREMENTS.mediaType,
      ok,
      ok
        ? `JSON responses are served as ${JSON_API}`
        : `${method} ${path}: expected Content-Type ${JSON_API}; got '${contentType || '(none)'}'`,
      ok ? undefined : response,
    );
  }

  private judgeShape(name: OperationName, operation: Operation, response: ApiResponse): void {
    if (!operation.responseSchema || !operation.shapeRequirement) return;
    if (response.status < 200 || response.status >= 300) return;
    const result = schemaRegistry().validate(operation.responseSchema, response.body);
    const summary =
      notJson(response) ??
      result.violations
        .slice(0, 5)
        .map((violation) => `${violation.pointer || '/'}: ${violation.message}`)
        .join('; ');
    this.recorder.expect(
      operation.shapeRequirement,
      result.valid,
      result.valid
        ? `${name} responses match ${operation.responseSchema}`
        : `${name} response: expected to match ${operation.responseSchema} (API §${operation.section}); ${summary}`,
      result.valid ? undefined : response,
    );
    // Judged once, here, rather than as a shape violation of every resource that holds a timestamp.
    if (result.timestampViolations.length > 0) {
      const where = result.timestampViolations
        .slice(0, 5)
        .map((violation) => violation.pointer)
        .join(', ');
      this.recorder.fail(
        CLIENT_REQUIREMENTS.timestampFormat,
        `${name} response: expected every <timestamp> as an ISO 8601 UTC date-time with milliseconds (Conventions); these are not: ${where}`,
        response,
      );
    } else if (carriesCreatedAt(response.body)) {
      // A pass only where a timestamp was there to judge, so a run without the conventions area still has a result.
      this.recorder.expect(
        CLIENT_REQUIREMENTS.timestampFormat,
        true,
        `${name} responses: every <timestamp> is an ISO 8601 UTC date-time with milliseconds`,
      );
    }
  }
}

/** Whether a JSON:API document's primary data carries an `attributes.createdAt` string. */
function carriesCreatedAt(body: unknown): boolean {
  const data = (body as { data?: unknown } | null)?.data;
  const resources = Array.isArray(data) ? data : [data];
  return resources.some(
    (resource) => typeof (resource as { attributes?: { createdAt?: unknown } } | null)?.attributes?.createdAt === 'string',
  );
}

/** The first bytes of a gzip stream (RFC 1952 2.3.1). */
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/** Why a body that came is no JSON document at all: a malformed answer, said as such; undefined when it parsed. */
function notJson(response: ApiResponse): string | undefined {
  if (response.body !== undefined || response.rawBody.length === 0) return undefined;
  if (response.exchange.error) return response.exchange.error;
  const coded = response.rawBody.subarray(0, 2).equals(GZIP_MAGIC) && !response.headers['content-encoding'];
  return coded
    ? `the body is no JSON document: its ${response.rawBody.length} bytes begin as gzip-coded bytes do, yet no Content-Encoding names a coding (a malformed answer)`
    : `the body of ${response.rawBody.length} bytes is no JSON document (a malformed answer)`;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function parseJson(body: Buffer, contentType: string | undefined): unknown {
  if (body.length === 0 || (contentType && !/json/i.test(contentType))) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
