import { IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { JSON_API } from '../../contract/facts/mediaTypes.ts';
import { type ErrorObject, sendErrors } from './jsonApi.ts';

// Hooks for one who watches the emulator's exchanges from inside its own server, so that
// watching costs no second HTTP hop (the client command's recorder, client/requestRecorder.ts,
// installs them through EmulatorOptions.exchanges). Each request that arrives over HTTP is
// offered as its headers arrive, before any route or hook of the emulator sees it; a watched
// one's body is told chunk by chunk as Node reads it off the connection, whoever reads it
// (a parser, a drain, nobody); and, where the watcher bends answers, two points: an answer
// instead of the emulator's, before any of the emulator's own hooks, and the emulator's own
// answer, once made and before it is sent (held, replaced, or cut short). The emulator knows
// nothing of the watcher: what it answers is its own unless told otherwise, and nothing a
// watcher throws reaches a request.
// Requests made with app.inject are never offered (they have no connection).

/** An answer of the watcher's own, sent instead of the emulator's: rendered as every error of the emulator is (jsonApi.ts). */
export interface AnswerInstead {
  status: number;
  headers: Record<string, string>;
  errors: ErrorObject[];
}

/**
 * The emulator's own answer cut short: its status, headers and whole Content-Length sent, but only the first
 * `cutAfterBytes` bytes of its body, then the connection closed, so that the client reads a truncated body.
 */
export interface AnswerCut {
  cutAfterBytes: number;
}

export interface ExchangeWatcher {
  /** Each chunk of the request's body as Node reads it, then `null` at its end. */
  body(chunk: Buffer | null): void;
  /**
   * Before the emulator's own hooks: an answer instead of the emulator's, or nothing (at once, undefined: the
   * request goes on without waiting). The body is read to its end before that answer is sent.
   */
  instead?(): Promise<AnswerInstead | undefined> | undefined;
  /**
   * The emulator has answered `status` with `payload` (or the watcher instead), not yet sent: resolves when it may be
   * sent (undefined: at once), or to an answer to send instead of it (what was done stays done), or to cut it short
   * (only where a payload was given). The payload is the serialised body where it is text or bytes, else absent (a stream).
   */
  answering?(status: number, payload: string | Buffer | undefined): Promise<AnswerInstead | AnswerCut | void> | undefined;
}

export interface ExchangeHooks {
  /** Synchronously as a request's headers arrive: a watcher to follow it, or nothing to leave it alone. */
  arrived(incoming: IncomingMessage, outgoing: ServerResponse): ExchangeWatcher | undefined;
  /** Whether any watcher bends or reads answers: without, no hook is added to the emulator's routes. */
  readonly bends: boolean;
}

/**
 * The requests of a server whose exchanges are watched (Node's IncomingMessage option): every chunk
 * Node's parser hands one (Readable.push, the stream implementer's side) is told to its watcher too,
 * the bytes as sent, without reading the stream, so whether a route parses the body, drains it or
 * leaves it is unchanged. Every instance has the same shape, watched or not.
 */
export class WatchedRequest extends IncomingMessage {
  watcher: ExchangeWatcher | undefined = undefined;

  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    const { watcher } = this;
    if (watcher && (chunk === null || Buffer.isBuffer(chunk))) guarded(() => watcher.body(chunk));
    return super.push(chunk, encoding);
  }
}

const watcherOf = (incoming: IncomingMessage): ExchangeWatcher | undefined => (incoming as Partial<WatchedRequest>).watcher;

/**
 * Installs the hooks before any of the emulator's own, so an answer instead comes first (before a 429, before
 * authentication). The server must have been made with `IncomingMessage: WatchedRequest`.
 */
export function installExchangeHooks(app: FastifyInstance, hooks: ExchangeHooks): void {
  // Before Fastify's own listener: the body's first chunk may be in the same packet as the headers.
  app.server.prependListener('request', (incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (incoming instanceof WatchedRequest) incoming.watcher = guarded(() => hooks.arrived(incoming, outgoing));
  });
  if (!hooks.bends) return;
  app.addHook('onRequest', (request, reply, done) => {
    const deciding = guarded(() => watcherOf(request.raw)?.instead?.());
    if (!deciding) return done();
    deciding
      .catch(() => undefined)
      .then(async (instead) => {
        if (!instead) return done();
        await readToEnd(request.raw);
        sendErrors(reply.headers(instead.headers), instead.status, instead.errors);
      })
      .catch((error: Error) => done(error));
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const text = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : undefined;
    const waiting = guarded(() => watcherOf(request.raw)?.answering?.(reply.statusCode, text));
    if (!waiting) return done(null, payload);
    waiting
      .catch(() => undefined)
      .then((instead) => {
        if (!instead) return done(null, payload);
        // Sent here rather than by Fastify, which sets a Content-Length to the bytes it is given.
        if ('cutAfterBytes' in instead) {
          if (text === undefined) return done(null, payload);
          reply.hijack();
          return sendCutShort(reply.raw, reply.statusCode, reply.getHeaders(), Buffer.from(text), instead.cutAfterBytes);
        }
        reply.code(instead.status).headers({ ...instead.headers, 'content-type': JSON_API });
        done(null, JSON.stringify({ errors: instead.errors }));
      });
  });
}

/** An answer with its whole Content-Length but only `cutAfterBytes` bytes of its body, then its connection closed once they are out. */
export function sendCutShort(
  outgoing: ServerResponse,
  status: number,
  headers: Record<string, number | string | readonly string[] | undefined>,
  body: Buffer,
  cutAfterBytes: number,
): void {
  if (outgoing.destroyed) return;
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) outgoing.setHeader(name, value);
  outgoing.writeHead(status, { 'content-length': String(body.length) });
  outgoing.write(body.subarray(0, cutAfterBytes), () => outgoing.destroy());
}

function guarded<T>(call: () => T): T | undefined {
  try {
    return call();
  } catch {
    return undefined;
  }
}

/** Reads what is left of a body no route will read, so that the watcher sees it whole before the answer instead. */
function readToEnd(incoming: IncomingMessage): Promise<void> {
  if (incoming.complete || incoming.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    incoming.once('end', resolve).once('close', resolve).once('error', resolve);
    incoming.resume();
  });
}
