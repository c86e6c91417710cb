import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { JSON_API } from '../contract/facts/mediaTypes.ts';
import { sendCutShort } from '../emulator/core/exchangeHooks.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { decodeBody } from '../harness/targetIO/contentCoding.ts';
import type { RecordedRequest } from './recordedRequest.ts';
import { ANSWER_BODY_LIMIT, heldUnlessClosed, type RecorderActivity, resetConnection } from './requestRecorder.ts';

// The client command's recorder when the client calls a target of a manifest (client --target): a
// server on loopback in front of the target's base URL. Every request the client makes is kept as it
// arrived (as client/requestRecorder.ts keeps it inside the embedded emulator) and sent on to the
// target as it came: the same method, path and query, headers (the client's own credentials among
// them, untouched) and body bytes; the target's answer is handed back with its status, headers and
// body. Where a plan chose (client/proxiedPerturbations.ts), an answer is bent: one of the proxy's own
// instead of the target's (the request then never reaches the target), the target's changed, held or cut short.
// The proxy sends the target nothing the client did not send, apart from what a perturbation documents.

/** Beyond this, a request body is refused (413) rather than kept: far above any documented body (8: 20 MB uploads). */
const BODY_LIMIT = 64 * 1024 * 1024;
/** Headers of one hop (RFC 9110 7.6.1), never sent on: each side of the proxy has its own connection. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'expect',
]);

/** An answer as the client gets it: its body as bytes, its Content-Length set by the proxy. */
export interface ProxiedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** How long after this answer the client is still counted busy (a Retry-After it was told to wait out). */
  busyAfterMs?: number;
  /** The client's connection reset instead of sending it: the client gets no answer at all. */
  reset?: true;
}

/** What a plan does to the client's requests through the proxy (client/proxiedPerturbations.ts). */
export interface ProxyBender {
  /** Before the request is sent on: an answer of the proxy's own instead, and the target never sees it; or nothing. */
  instead(recorded: RecordedRequest): ProxiedAnswer | undefined;
  /** The target's answer (its body decoded) as the client is to get it: changed where the plan chose, else undefined. */
  changed(recorded: RecordedRequest, answer: ProxiedAnswer): ProxiedAnswer | undefined;
  /** How long to hold the answer before sending it on (0: at once). */
  holdMs(recorded: RecordedRequest): number;
  /** How many of the answer's `bodyBytes` the client gets before its connection closes; undefined: all. */
  cutAfterBytes?(recorded: RecordedRequest, bodyBytes: number): number | undefined;
}

export interface UpstreamProxyOptions {
  /** The target's base URL, a path prefix and all: `https://sandbox.example/v1`. */
  upstream: string;
  /** Learns every bearer token the client sends, so that no report or line shows one. */
  redactor: SecretRedactor;
  bender?: ProxyBender;
  activity?: RecorderActivity;
  /** The loopback port to serve on; a free one when absent. */
  port?: number;
}

export class UpstreamProxy {
  private readonly recorded: RecordedRequest[] = [];
  private stopped = false;
  /** What the target did not answer, or answered so that it could not be sent on: the target's problem, said as such. */
  readonly upstreamProblems: string[] = [];

  private constructor(
    private readonly server: Server,
    private readonly options: UpstreamProxyOptions,
  ) {}

  static async start(options: UpstreamProxyOptions): Promise<UpstreamProxy> {
    const server = createServer();
    const proxy = new UpstreamProxy(server, options);
    // Nothing a request or an answer holds may end the command: an exchange that cannot be relayed is broken off.
    server.on(
      'request',
      (incoming: IncomingMessage, outgoing: ServerResponse) => void proxy.relay(incoming, outgoing).catch(() => outgoing.destroy()),
    );
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
    return proxy;
  }

  /** Where the client is told to call. */
  url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Every request so far, in the order they arrived. */
  requests(): readonly RecordedRequest[] {
    return [...this.recorded];
  }

  /** Records nothing more. */
  stop(): void {
    this.stopped = true;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async relay(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const headers = { ...incoming.headers } as Record<string, string>;
    const cookies = incoming.headers['set-cookie'];
    if (cookies) headers['set-cookie'] = cookies.join(', ');
    const recorded: RecordedRequest = {
      method: incoming.method ?? 'GET',
      target: incoming.url ?? '/',
      headers,
      body: Buffer.alloc(0),
      arrivedMs: performance.now(),
    };
    // A client that brings its own credentials: passed on as they are, and never shown.
    this.options.redactor.add(/^Bearer\s+(\S+)/i.exec(headers.authorization ?? '')?.[1]);
    const recording = !this.stopped;
    if (recording) this.recorded.push(recorded);
    const { activity } = this.options;
    if (recording) activity?.started();
    let busyAfterMs = 0;
    try {
      const body = await readBody(incoming, recorded);
      if (body === undefined) return send(outgoing, recorded, tooLarge());
      const bender = recording ? this.options.bender : undefined;
      const instead = bender?.instead(recorded);
      if (instead?.reset) return resetConnection(outgoing);
      const answer = instead ?? (await this.forwarded(recorded, body));
      busyAfterMs = answer.busyAfterMs ?? 0;
      const given = (!instead && bender?.changed(recorded, answer)) || answer;
      recorded.status = given.status;
      recorded.answerBody = given.body.toString('utf8').slice(0, ANSWER_BODY_LIMIT);
      recorded.durationMs = Math.round(performance.now() - recorded.arrivedMs!);
      // Only the target's answers are cut short or held: the proxy's own stand for an answer the target never gave.
      const cutAfterBytes = instead ? undefined : bender?.cutAfterBytes?.(recorded, given.body.length);
      const holdMs = instead ? 0 : (bender?.holdMs(recorded) ?? 0);
      if (holdMs > 0 && !(await heldUnlessClosed(outgoing, holdMs))) {
        // The client gave up before the held answer was due: when is what a slow answer's verdict reports.
        recorded.gaveUpAfterMs = Math.round(performance.now() - recorded.arrivedMs!);
        return;
      }
      if (cutAfterBytes !== undefined) return sendCutShort(outgoing, given.status, given.headers, given.body, cutAfterBytes);
      send(outgoing, recorded, given);
    } finally {
      if (recording && activity) {
        if (busyAfterMs > 0) setTimeout(() => activity.ended(), busyAfterMs);
        else activity.ended();
      }
    }
  }

  /** The request sent on to the target as it came; its answer decoded, or a 502 of the proxy's own saying what went wrong. */
  private async forwarded(recorded: RecordedRequest, body: Buffer): Promise<ProxiedAnswer> {
    const url = `${this.options.upstream}${recorded.target}`;
    const headers = Object.fromEntries(Object.entries(recorded.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    try {
      const answer = await request(url, {
        method: recorded.method as 'GET',
        headers,
        ...(body.length > 0 || !['GET', 'HEAD'].includes(recorded.method) ? { body } : {}),
      });
      const raw = Buffer.from(await answer.body.arrayBuffer());
      const answerHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers))
        if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'content-length')
          answerHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
      const coding = answerHeaders['content-encoding'];
      const decoded = decodeBody(raw, coding);
      if (decoded.problem || decoded.codings.length === 0) return { status: answer.statusCode, headers: answerHeaders, body: raw };
      // Decoded once, so that the recording holds the text and a bent answer can be changed; sent on as identity.
      delete answerHeaders['content-encoding'];
      return { status: answer.statusCode, headers: answerHeaders, body: decoded.body };
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      this.upstreamProblems.push(`${recorded.method} ${recorded.target.split('?')[0]}: ${reason}`);
      return errorAnswer(502, 'Bad gateway', `the target at ${this.options.upstream} did not answer: ${reason}`);
    }
  }
}

function errorAnswer(status: number, title: string, detail: string): ProxiedAnswer {
  return {
    status,
    headers: { 'content-type': JSON_API },
    body: Buffer.from(JSON.stringify({ errors: [{ status: String(status), title, detail }] })),
  };
}

const tooLarge = () => errorAnswer(413, 'Content too large', `the recording proxy keeps bodies up to ${BODY_LIMIT} bytes`);

function send(outgoing: ServerResponse, recorded: RecordedRequest, answer: ProxiedAnswer): void {
  if (outgoing.destroyed) return;
  outgoing.once('finish', () => {
    recorded.answeredMs = performance.now();
  });
  recorded.status = answer.status;
  outgoing.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
  outgoing.end(recorded.method === 'HEAD' ? undefined : answer.body);
}

/** The request's body, kept on `recorded` as it came; undefined beyond BODY_LIMIT (its size kept). */
async function readBody(incoming: IncomingMessage, recorded: RecordedRequest): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of incoming) {
      size += (chunk as Buffer).length;
      if (size <= BODY_LIMIT) chunks.push(chunk as Buffer);
    }
  } catch {
    // The client hung up mid-body: what came is what it sent.
  }
  recorded.body = Buffer.concat(chunks);
  recorded.bodySize = size;
  return size > BODY_LIMIT ? undefined : recorded.body;
}
