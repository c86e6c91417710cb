import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { DOCUMENT_MAX_BYTES } from '../../contract/facts/documentLimits.ts';
import type { ErrorObject } from './jsonApi.ts';

// How long a client may take, so that no client holds a connection forever
// (a slow-loris trickling its headers, a body that never ends, an idle
// keep-alive socket); what is read of a body answered before it was read; and
// the JSON:API answer to a request Node refuses before any route sees it
// (headers too large, an unknown method, a time-out).

export interface ServerTimeouts {
  /** The request line and headers must arrive within this (real ms). */
  headersMs: number;
  /** The whole request, body included, must arrive within this. */
  requestMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
}

/** Generous for any client on a slow link, short enough that a held connection is soon let go. */
export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = { headersMs: 10_000, requestMs: 60_000, keepAliveMs: 10_000 };

/** Node's limit on the request line and headers together (--max-http-header-size). */
const HEADER_BLOCK_BYTES = 16 * 1024;

export function checkServerTimeouts(timeouts: Partial<ServerTimeouts>): ServerTimeouts {
  const chosen = { ...DEFAULT_SERVER_TIMEOUTS, ...timeouts };
  for (const [name, value] of Object.entries(chosen)) {
    if (!Number.isInteger(value) || value < 100)
      throw new RangeError(`timeouts.${name} must be an integer number of milliseconds, at least 100; got ${value}`);
  }
  if (chosen.headersMs > chosen.requestMs) throw new RangeError('timeouts.headersMs must not exceed timeouts.requestMs');
  return chosen;
}

/** Fastify options that apply the time-outs (Node checks open connections every checkMs). */
export function serverTimeoutOptions(timeouts: ServerTimeouts) {
  const checkMs = Math.max(50, Math.min(1_000, Math.floor(timeouts.headersMs / 4)));
  return {
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: checkMs },
  };
}

/** The method token of a request Node could not parse, when it looks like one. */
function methodOf(rawPacket: unknown): string {
  const text = Buffer.isBuffer(rawPacket) ? rawPacket.subarray(0, 32).toString('latin1') : '';
  return /^([A-Za-z-]{1,20}) /.exec(text)?.[1] ?? '?';
}

function describe(error: NodeJS.ErrnoException & { rawPacket?: unknown }, timeouts: ServerTimeouts): ErrorObject {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: '408',
      title: 'Request timeout',
      detail: `the headers must arrive within ${timeouts.headersMs} ms and the whole request within ${timeouts.requestMs} ms`,
    };
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: '431',
      title: 'Request header fields too large',
      detail: `the request line and headers together exceed ${HEADER_BLOCK_BYTES} bytes`,
    };
  }
  if (error.code === 'HPE_INVALID_METHOD') {
    return {
      status: '400',
      title: 'Invalid request',
      detail: `the method ${methodOf(error.rawPacket)} is not an HTTP method this server knows`,
    };
  }
  return { status: '400', title: 'Invalid request', detail: `the request is not valid HTTP/1.1 (${error.code ?? error.message})` };
}

/** Answers what Node refused and closes the connection (the rest of it cannot be trusted). */
export function clientErrorHandler(timeouts: ServerTimeouts) {
  return (error: NodeJS.ErrnoException, socket: Duplex): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const errorObject = describe(error, timeouts);
    const body = JSON.stringify({ errors: [errorObject] });
    const status = Number(errorObject.status);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/vnd.api+json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    // A client that keeps sending after the answer is cut off.
    setTimeout(() => socket.destroy(), 1_000).unref();
  };
}

/**
 * A body no larger than the largest the API takes (a 20 MB document) is left to
 * Node, which reads and drops it and keeps the connection for the next request:
 * closing after every early 401/403/404 made clients that reuse connections lose
 * requests ("other side closed"). A mebibyte over it still counts as such a body.
 */
const DRAINED_BODY_BYTES = DOCUMENT_MAX_BYTES + 1024 * 1024;

/**
 * A request answered before its body was read (a 413 on its Content-Length, a 401,
 * a 404): Node would read the rest, however many gigabytes it declares. Instead the
 * connection is half-closed after the answer and the rest read and dropped for a
 * little while, so that the client gets to read the answer (closing at once on
 * unread data resets the connection, which can destroy the answer in flight), then
 * closed: at most UNREAD_BODY_LINGER.bytes or .ms.
 */
export const UNREAD_BODY_LINGER = { bytes: 64 * 1024 * 1024, ms: 2_000 };

export function lingerOnUnreadBody(incoming: IncomingMessage): void {
  const socket = incoming.socket;
  if (incoming.complete || socket.destroyed) return;
  const declared = Number(incoming.headers['content-length']);
  if (Number.isFinite(declared) && declared <= DRAINED_BODY_BYTES) return;
  socket.end();
  // Counted on the socket: Node's own draining of the request drops 'data' listeners.
  const readBefore = socket.bytesRead;
  const started = Date.now();
  const watch = setInterval(() => {
    if (socket.bytesRead - readBefore > UNREAD_BODY_LINGER.bytes || Date.now() - started > UNREAD_BODY_LINGER.ms) socket.destroy();
  }, 20);
  watch.unref();
  socket.once('close', () => clearInterval(watch));
  incoming.resume();
}
