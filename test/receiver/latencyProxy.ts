import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

// A slow network path on loopback: a TCP proxy that holds every chunk, in both
// directions, for `delayMs` before passing it on (in order), as a far-away
// receiver behind a tunnel would.

function delayed(from: Socket, to: Socket, delayMs: number): void {
  from.on('data', (chunk) => setTimeout(() => to.writable && to.write(chunk), delayMs));
  from.on('end', () => setTimeout(() => to.end(), delayMs));
  from.on('error', () => to.destroy());
  from.on('close', () => setTimeout(() => to.destroy(), delayMs));
}

export async function startLatencyProxy(upstreamPort: number, delayMs: number): Promise<{ base: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect({ host: '127.0.0.1', port: upstreamPort });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    delayed(client, upstream, delayMs);
    delayed(upstream, client, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
