import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { SetupError } from '../harness/records/setupError.ts';
import type { RecordedRequest } from './recordedRequest.ts';

// Stands in front of the embedded emulator on loopback: the client is given this
// address, every request it makes is kept (method, path, headers, body bytes) and
// sent on to the emulator unchanged, and the emulator's answer handed back as it
// was, so the client sees the emulator it would see without the recording.

/** Headers of one connection, never relayed. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'proxy-connection']);
/** Beyond this, a body is not relayed (answered 413) and is judged by its size alone: far above any documented body. */
const BODY_LIMIT = 64 * 1024 * 1024;

/** Told when each recorded request arrives and when its answer has been sent (or the exchange failed). */
export interface RecorderActivity {
  started(): void;
  ended(): void;
}

export interface RecorderOptions {
  /** The loopback port to serve on; a free one when absent. */
  port?: number;
  /** Relayed without being recorded: the path (query aside) of a request that is not the client's own call. */
  passedThrough?: string;
  activity?: RecorderActivity;
  /** Bends the answers at the points a plan chose (client/perturbations.ts); every answer the emulator's own when absent. */
  bend?: AnswerBender;
}

/** What a perturbation does to one recorded request, before it is relayed and before its answer is sent. */
export interface AnswerBender {
  /** Called as each recorded request arrives, before it is relayed: an answer of its own instead of the emulator's, or nothing. */
  before(request: RecordedRequest): Promise<BentAnswer | undefined>;
  /** Called once the emulator has answered (`request.status` set), before the answer is sent on. */
  answered(request: RecordedRequest): Promise<void>;
  /** Called once the emulator has answered: how long to hold that answer before sending it (0: at once). */
  holdMs(request: RecordedRequest): number;
}

export interface BentAnswer {
  status: number;
  headers: Record<string, string>;
  /** How long after this answer the client is still counted busy (a Retry-After it was told to wait out). */
  busyAfterMs: number;
}

export class RequestRecorder {
  private readonly recorded: RecordedRequest[] = [];

  private constructor(
    private readonly server: Server,
    private readonly emulatorUrl: string,
    private readonly options: RecorderOptions,
  ) {}

  static async start(emulatorUrl: string, options: RecorderOptions = {}): Promise<RequestRecorder> {
    const server = createServer();
    const recorder = new RequestRecorder(server, emulatorUrl.replace(/\/+$/, ''), options);
    // Whatever goes wrong with one request (the client hanging up), the recorder goes on.
    server.on('request', (incoming, outgoing) => void recorder.serve(incoming, outgoing));
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(new SetupError(`client: cannot serve on 127.0.0.1:${options.port ?? 0}: ${error.code ?? error.message}`)),
      );
      server.listen(options.port ?? 0, '127.0.0.1', resolve);
    });
    return recorder;
  }

  /** The base URL the client is given. */
  url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Every request so far, in the order they arrived. */
  requests(): readonly RecordedRequest[] {
    return [...this.recorded];
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async serve(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const target = incoming.url ?? '/';
    const kept = target.split('?')[0] !== this.options.passedThrough;
    const activity = kept ? this.options.activity : undefined;
    activity?.started();
    let busyAfterMs = 0;
    try {
      busyAfterMs = await this.relay(incoming, outgoing, kept);
    } catch {
      outgoing.destroy();
    } finally {
      // A client told to wait before retrying is not quiet while it waits.
      if (busyAfterMs > 0) setTimeout(() => activity?.ended(), busyAfterMs);
      else activity?.ended();
    }
  }

  /** Relays one request; resolves to how long its client is still counted busy once answered. */
  private async relay(incoming: IncomingMessage, outgoing: ServerResponse, kept: boolean): Promise<number> {
    const startedMs = performance.now();
    const { body, size } = await readBody(incoming);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const recorded: RecordedRequest = {
      method: incoming.method ?? 'GET',
      target: incoming.url ?? '/',
      headers,
      body,
      bodySize: size,
      arrivedMs: startedMs,
    };
    if (kept) this.recorded.push(recorded);
    if (size > BODY_LIMIT) {
      recorded.status = 413;
      outgoing.writeHead(413, { connection: 'close' }).end();
      return 0;
    }
    const bent = kept ? await this.options.bend?.before(recorded) : undefined;
    if (bent) {
      recorded.status = bent.status;
      outgoing.writeHead(bent.status, bent.headers).end();
      recorded.answeredMs = performance.now();
      recorded.durationMs = Math.round(recorded.answeredMs - startedMs);
      return bent.busyAfterMs;
    }
    const forwarded = Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && name !== 'content-length'));
    const answer = await request(`${this.emulatorUrl}${recorded.target}`, {
      method: recorded.method as 'GET',
      headers: forwarded,
      ...(body.length > 0 ? { body } : {}),
    });
    const answerBody = Buffer.from(await answer.body.arrayBuffer());
    recorded.status = answer.statusCode;
    recorded.durationMs = Math.round(performance.now() - startedMs);
    const answerHeaders = Object.fromEntries(
      Object.entries(answer.headers).filter(([name, value]) => value !== undefined && !HOP_BY_HOP.has(name) && name !== 'content-length'),
    ) as Record<string, string | string[]>;
    if (kept) await this.options.bend?.answered(recorded);
    const holdMs = kept ? (this.options.bend?.holdMs(recorded) ?? 0) : 0;
    if (holdMs > 0 && !(await heldUnlessClosed(outgoing, holdMs))) {
      // The client gave up before the held answer was due: when is what a slow answer's verdict reports.
      recorded.gaveUpAfterMs = Math.round(performance.now() - startedMs);
      return 0;
    }
    outgoing.writeHead(answer.statusCode, answerHeaders);
    outgoing.end(answerBody);
    recorded.answeredMs = performance.now();
    return 0;
  }
}

/** Waits `ms` before an answer is sent; false as soon as the client closes the connection instead. */
function heldUnlessClosed(outgoing: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      outgoing.off('close', closed);
      resolve(true);
    }, ms);
    const closed = () => {
      clearTimeout(timer);
      resolve(false);
    };
    outgoing.once('close', closed);
  });
}

/** The body's bytes up to the limit, and how many there were in all. */
async function readBody(incoming: IncomingMessage): Promise<{ body: Buffer; size: number }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    size += (chunk as Buffer).length;
    if (size <= BODY_LIMIT) chunks.push(chunk as Buffer);
  }
  return { body: Buffer.concat(chunks), size };
}
