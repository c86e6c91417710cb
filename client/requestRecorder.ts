import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnswerCut, AnswerInstead, ExchangeHooks, ExchangeWatcher } from '../emulator/core/exchangeHooks.ts';
import type { RecordedRequest } from './recordedRequest.ts';

// Records the client's requests from inside the embedded emulator's own server
// (emulator/core/exchangeHooks.ts, given to startEmulator as `exchanges`): the client calls the
// emulator itself, with no hop between, and every request it makes is kept as it arrived — method,
// path and query, headers, the body's bytes as sent, whether or not a route read them — with the
// status the emulator answered and when. Where a plan chose (client/perturbations.ts), an answer
// is bent: one of the recorder's own instead of the emulator's, or the emulator's held or cut short.
// Requests the suite makes itself (app.inject) are never seen; nothing a request holds reaches
// the emulator differently for being recorded.

/** Beyond this, a body's bytes are counted and not kept: far above any documented body. */
const BODY_LIMIT = 64 * 1024 * 1024;
const NO_BODY = Buffer.alloc(0);
/** An answer's body is kept up to this: a full page of events (1000, API 8) fits. */
export const ANSWER_BODY_LIMIT = 4 * 1024 * 1024;
/**
 * A body no larger than this arrives whole without being read (within a socket's buffer, Node's default high-water mark):
 * the bender is asked once it has, so that a retry is told by its body; a larger one is not waited for.
 */
const AWAITED_BODY_LIMIT = 16 * 1024;

/** Told when each recorded request arrives and when its answer has been sent (or the exchange failed). */
export interface RecorderActivity {
  started(): void;
  ended(): void;
}

export interface RecorderOptions {
  /** Answered by the emulator without being recorded: the path (query aside) of a request that is not the client's own call. */
  passedThrough?: string;
  /** Answered without being recorded: a request with this bearer token, the suite's own read of the emulator. */
  unrecordedToken?: string;
  activity?: RecorderActivity;
  /** Bends the answers at the points a plan chose (client/perturbations.ts); every answer the emulator's own when absent. */
  bend?: AnswerBender;
}

/** What a perturbation does to one recorded request: before the emulator sees it, and once it has answered. */
export interface AnswerBender {
  /** True once it will bend nothing more: the recorder then only records. */
  readonly spent: boolean;
  /**
   * Called as each recorded request arrives, its body still coming: an answer of its own instead of the emulator's,
   * or nothing; undefined at once where it has nothing to do with this request.
   */
  before(request: RecordedRequest): Promise<BentAnswer | undefined> | undefined;
  /** Called once the emulator has answered (`request.status` set), before the answer is sent on; undefined where it does nothing. */
  answered(request: RecordedRequest): Promise<void> | undefined;
  /** Called once the emulator has answered: how long to hold that answer before sending it (0: at once). */
  holdMs(request: RecordedRequest): number;
  /** Called once the emulator has answered and made what it made: an answer of its own sent instead, or nothing. */
  replaced?(request: RecordedRequest): BentAnswer | undefined;
  /** Called once the emulator has answered with a body of `bodyBytes`: how many of them the client gets before the connection closes; undefined: all. */
  cutAfterBytes?(request: RecordedRequest, bodyBytes: number): number | undefined;
}

export interface BentAnswer {
  status: number;
  headers: Record<string, string>;
  /** The JSON:API errors of its body, rendered as the emulator renders its own. */
  errors: AnswerInstead['errors'];
  /** How long after this answer the client is still counted busy (a Retry-After it was told to wait out). */
  busyAfterMs: number;
  /** The connection reset instead of sending it (a TCP RST): the client gets no answer at all. */
  reset?: true;
}

export class RequestRecorder implements ExchangeHooks {
  private readonly recorded: RecordedRequest[] = [];
  private stopped = false;
  readonly bends: boolean;
  private readonly unrecorded: string | undefined;

  constructor(private readonly options: RecorderOptions = {}) {
    // The answers are watched with or without a plan: a refusal's body is the evidence of what was wrong.
    this.bends = true;
    this.unrecorded = options.unrecordedToken && `Bearer ${options.unrecordedToken}`;
  }

  /** Every request so far, in the order they arrived. */
  requests(): readonly RecordedRequest[] {
    return [...this.recorded];
  }

  /** Records nothing more: what the suite asks the emulator afterwards is not the client's. */
  stop(): void {
    this.stopped = true;
  }

  arrived(incoming: IncomingMessage, outgoing: ServerResponse): ExchangeWatcher | undefined {
    if (this.stopped) return undefined;
    const target = incoming.url ?? '/';
    const { passedThrough } = this.options;
    if (passedThrough !== undefined && target.startsWith(passedThrough) && /^[?#]?$/.test(target.charAt(passedThrough.length)))
      return undefined;
    const headers = { ...incoming.headers } as Record<string, string>;
    if (this.unrecorded !== undefined && headers.authorization === this.unrecorded) return undefined;
    // Node joins a repeated header with ", " but keeps set-cookie an array: joined too, as every other.
    const cookies = incoming.headers['set-cookie'];
    if (cookies) headers['set-cookie'] = cookies.join(', ');
    const recorded: RecordedRequest = { method: incoming.method ?? 'GET', target, headers, body: NO_BODY, arrivedMs: performance.now() };
    this.recorded.push(recorded);
    this.options.activity?.started();
    return new RecordedExchange(recorded, incoming, outgoing, this.options);
  }
}

/** One recorded request followed to its end. */
class RecordedExchange implements ExchangeWatcher {
  private chunks: Buffer[] | undefined;
  private size = 0;
  private bent: BentAnswer | undefined;
  private bodyEnded: () => void = () => undefined;
  /** Resolved once the body has come whole, or the exchange is over. */
  private readonly bodyEnd = new Promise<void>((resolve) => (this.bodyEnded = resolve));

  constructor(
    private readonly recorded: RecordedRequest,
    private readonly incoming: IncomingMessage,
    private readonly outgoing: ServerResponse,
    private readonly options: RecorderOptions,
  ) {
    outgoing.once('close', () => this.closed());
  }

  body(chunk: Buffer | null): void {
    if (chunk === null) {
      this.keepBody();
      return this.bodyEnded();
    }
    this.size += chunk.length;
    if (this.size <= BODY_LIMIT) (this.chunks ??= []).push(chunk);
  }

  instead(): Promise<AnswerInstead | undefined> | undefined {
    const { bend } = this.options;
    if (!bend || bend.spent) return undefined;
    const declared = Number(this.incoming.headers['content-length'] ?? 0);
    if (declared > 0 && declared <= AWAITED_BODY_LIMIT && !this.incoming.complete) return this.bodyEnd.then(() => this.insteadOf(bend));
    return this.insteadOf(bend);
  }

  private insteadOf(bend: AnswerBender): Promise<AnswerInstead | undefined> | undefined {
    return bend.before(this.recorded)?.then((bent) => {
      this.bent = bent;
      // The emulator answers into a connection already gone: what it sends reaches no one.
      if (bent?.reset) resetConnection(this.outgoing);
      return bent && { status: bent.status, headers: bent.headers, errors: bent.errors };
    });
  }

  answering(status: number, payload: string | Buffer | undefined): Promise<AnswerInstead | AnswerCut | void> | undefined {
    // What a read returned (an event the client was given) is judged from the answer itself.
    if (payload !== undefined) this.recorded.answerBody = payload.toString().slice(0, ANSWER_BODY_LIMIT);
    const { bend } = this.options;
    if (this.bent || !bend || bend.spent) return undefined;
    this.recorded.status = status;
    this.recorded.durationMs = Math.round(performance.now() - this.recorded.arrivedMs!);
    // The emulator has read whatever body it reads: what the bender compares is the body as sent.
    this.keepBody();
    const replaced = bend.replaced?.(this.recorded);
    if (replaced) {
      // What the emulator made stays made; the client is told otherwise.
      this.bent = replaced;
      return Promise.resolve({ status: replaced.status, headers: replaced.headers, errors: replaced.errors });
    }
    // Asked before the holds, which leave alone an answer another perturbation bent: one cut short is not also held.
    const cutAfterBytes = payload === undefined ? undefined : bend.cutAfterBytes?.(this.recorded, Buffer.byteLength(payload));
    const cut = cutAfterBytes === undefined ? undefined : { cutAfterBytes };
    const answered = bend.answered(this.recorded);
    if (answered) return answered.then<AnswerCut | void>(() => cut ?? this.held(bend.holdMs(this.recorded)));
    if (cut) return Promise.resolve(cut);
    const holdMs = bend.holdMs(this.recorded);
    return holdMs > 0 ? this.held(holdMs) : undefined;
  }

  private async held(holdMs: number): Promise<void> {
    if (holdMs > 0 && !(await heldUnlessClosed(this.outgoing, holdMs))) {
      // The client gave up before the held answer was due: when is what a slow answer's verdict reports.
      this.recorded.gaveUpAfterMs = Math.round(performance.now() - this.recorded.arrivedMs!);
    }
  }

  /** The exchange is over: its answer sent (or not, the client gone), its body as far as it came. */
  private closed(): void {
    this.bodyEnded();
    const { recorded, outgoing } = this;
    if (outgoing.writableFinished && recorded.gaveUpAfterMs === undefined) {
      recorded.answeredMs = performance.now();
      recorded.durationMs ??= Math.round(recorded.answeredMs - recorded.arrivedMs!);
    }
    if (!this.bent?.reset && (outgoing.headersSent || outgoing.writableFinished)) recorded.status = outgoing.statusCode;
    this.keepBody();
    const activity = this.options.activity;
    if (!activity) return;
    // A client told to wait before retrying is not quiet while it waits.
    const busyAfterMs = this.bent?.busyAfterMs ?? 0;
    if (busyAfterMs > 0) setTimeout(() => activity.ended(), busyAfterMs);
    else activity.ended();
  }

  /**
   * The body as far as it came: whole once Node has read it all. Where the emulator refused it unread (a 413 on its
   * Content-Length), Node drops the rest without handing it on: its size is then the length it declared.
   */
  private keepBody(): void {
    const { recorded, incoming, chunks } = this;
    recorded.body = !chunks ? NO_BODY : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    if (chunks && chunks.length > 1) this.chunks = [recorded.body];
    const declared = Number(incoming.headers['content-length']);
    recorded.bodySize = Number.isSafeInteger(declared) && declared > this.size ? declared : this.size;
  }
}

/** Resets the connection of an exchange (a TCP RST where the platform can send one), so the client reads no answer. */
export function resetConnection(outgoing: ServerResponse): void {
  const { socket } = outgoing;
  if (!socket) return;
  if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
  else socket.destroy();
}

/** Waits `ms` before an answer is sent; false as soon as the client closes the connection instead. */
export function heldUnlessClosed(outgoing: ServerResponse, ms: number): Promise<boolean> {
  if (outgoing.destroyed) return Promise.resolve(false);
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
