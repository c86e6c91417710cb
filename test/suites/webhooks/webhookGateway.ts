import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONTROL_PREFIX } from '../../../contract/facts/controlRoutes.ts';

// A gateway in front of an emulator for the limit probe's tests: it passes every request on, and
// lets a test act on the target (as a neighbour on a shared sandbox would) before a request goes
// on or before its answer comes back, or answer in the target's place. It may hold each documented
// call a while first, as a far target does (the control routes pass at once, as bench/latencyProxy.ts
// has them, which test/ may not import).

export interface GatewayRequest {
  method: string;
  url: string;
  body: Buffer;
}

export interface GatewayHooks {
  /** Each documented call held between these (ms) before it goes on. */
  latency?: { minMs: number; maxMs: number };
  /** Before the request goes on; an answer given here is sent instead (the request never reaches the target). */
  before?: (request: GatewayRequest) => Promise<{ status: number; body: unknown } | undefined>;
  /** After the target answered, before the answer goes back. */
  after?: (request: GatewayRequest, status: number) => Promise<void>;
}

export interface WebhookGateway {
  url: string;
  close(): Promise<void>;
}

const bodyOf = (incoming: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(Buffer.concat(chunks)));
    incoming.on('error', reject);
  });

export async function startWebhookGateway(upstreamUrl: string, hooks: GatewayHooks): Promise<WebhookGateway> {
  const upstream = new URL(upstreamUrl);
  const server = createServer(async (incoming, outgoing) => {
    const seen: GatewayRequest = { method: incoming.method ?? 'GET', url: incoming.url ?? '/', body: await bodyOf(incoming) };
    const { latency } = hooks;
    if (latency && !seen.url.startsWith(CONTROL_PREFIX)) {
      await new Promise((resolve) => setTimeout(resolve, latency.minMs + Math.random() * (latency.maxMs - latency.minMs)));
    }
    const instead = await hooks.before?.(seen);
    if (instead) {
      outgoing.writeHead(instead.status, { 'content-type': 'application/vnd.api+json' }).end(JSON.stringify(instead.body));
      return;
    }
    const passed = request(
      { host: upstream.hostname, port: upstream.port, method: seen.method, path: seen.url, headers: incoming.headers },
      async (answer) => {
        const status = answer.statusCode ?? 502;
        const body = await bodyOf(answer);
        await hooks.after?.(seen, status);
        outgoing.writeHead(status, answer.headers).end(body);
      },
    );
    passed.on('error', () => outgoing.destroy());
    passed.end(seen.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
