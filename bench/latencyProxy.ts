import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONTROL_PREFIX } from '../contract/facts/controlRoutes.ts';

// A far-away target on loopback, for bench/remoteTarget.bench.ts: a proxy in front
// of any target that holds each documented call for a latency drawn between a
// least and a most, and may answer every Nth of them 429 with Retry-After, the
// way a distant, rate-limited sandbox does. It wraps the target from outside, as
// the tolerated variations do: the target itself is unchanged. The emulator-style
// control routes pass at once (they stand for a vendor's own admin tooling, not the
// API), and so do the target's deliveries, which go straight to the run's sink.

export interface LatencyProxyOptions {
  /** Added to each documented call: uniformly between these (ms), from a fixed seed. */
  latency: { minMs: number; maxMs: number };
  /** Answer every Nth documented call 429 with Retry-After (s) instead of passing it on: a limit by count. */
  tooManyEvery?: { nth: number; retryAfterSeconds: number };
  /**
   * A limit by rate, as sandboxes have: a token bucket refilled at `perSecond` holding a second's worth,
   * each documented call taking one as it arrives; a call finding none is answered 429 with Retry-After (s).
   */
  tokenBucket?: { perSecond: number; retryAfterSeconds: number };
}

export interface LatencyProxy {
  url: string;
  /** Documented calls that reached the proxy, the 429s it answered included. */
  calls(): number;
  /** The 429s it answered. */
  throttled(): number;
  close(): Promise<void>;
}

/** mulberry32: the same latencies every run, so two runs differ by the suite, not the draw. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whether a call arriving now finds a token: a bucket of `perSecond` refilled continuously, a second's worth at most. */
function tokenBucket(perSecond: number): () => boolean {
  let tokens = perSecond;
  let lastMs = performance.now();
  return () => {
    const now = performance.now();
    tokens = Math.min(perSecond, tokens + ((now - lastMs) * perSecond) / 1000);
    lastMs = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

function forward(upstream: URL, incoming: IncomingMessage, outgoing: ServerResponse): void {
  const passed = request(
    { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  passed.on('error', () => outgoing.destroy());
  incoming.pipe(passed);
}

export async function startLatencyProxy(upstreamUrl: string, options: LatencyProxyOptions): Promise<LatencyProxy> {
  const upstream = new URL(upstreamUrl);
  const random = seededRandom(20261127);
  let calls = 0;
  let throttled = 0;
  const takesToken = options.tokenBucket ? tokenBucket(options.tokenBucket.perSecond) : undefined;
  const refuse = (incoming: IncomingMessage, outgoing: ServerResponse, retryAfterSeconds: number) => {
    throttled += 1;
    // The request was not processed: its body is read and dropped.
    incoming.resume();
    outgoing.writeHead(429, { 'retry-after': String(retryAfterSeconds), 'content-length': '0' }).end();
  };
  const server = createServer((incoming, outgoing) => {
    if ((incoming.url ?? '').startsWith(CONTROL_PREFIX)) return forward(upstream, incoming, outgoing);
    calls += 1;
    const nth = options.tooManyEvery && calls % options.tooManyEvery.nth === 0 ? options.tooManyEvery : undefined;
    const { minMs, maxMs } = options.latency;
    setTimeout(
      () => {
        if (nth) return refuse(incoming, outgoing, nth.retryAfterSeconds);
        if (takesToken && !takesToken()) return refuse(incoming, outgoing, options.tokenBucket!.retryAfterSeconds);
        forward(upstream, incoming, outgoing);
      },
      minMs + random() * (maxMs - minMs),
    );
  });
  // Keep-alive as a real server's: idle sockets closed after 5 s, past the client's own 4 s.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => calls,
    throttled: () => throttled,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
