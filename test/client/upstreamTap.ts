import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A tap in front of an upstream, for the tests of client --target: every request that reaches it is kept
// (method, path and query, the Authorization header, the body's bytes) and sent on to the upstream, whose
// answer is handed back as it came. What the upstream received is then known without asking the judge.

export interface TappedRequest {
  method: string;
  target: string;
  authorization: string | undefined;
  /** The body's bytes, base64. */
  body: string;
}

export interface UpstreamTap {
  url: string;
  received: TappedRequest[];
  close(): Promise<void>;
}

export async function startTap(upstream: string): Promise<UpstreamTap> {
  const received: TappedRequest[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      received.push({
        method: incoming.method!,
        target: incoming.url!,
        authorization: incoming.headers.authorization,
        body: body.toString('base64'),
      });
      const sent = request(`${upstream}${incoming.url}`, { method: incoming.method, headers: incoming.headers }, (answer) => {
        outgoing.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(outgoing);
      });
      sent.on('error', () => outgoing.destroy());
      sent.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
