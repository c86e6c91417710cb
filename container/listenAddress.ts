import { createServer } from 'node:net';
import { SetupError } from '../harness/records/setupError.ts';
import type { ContainerSpec, NetworkMode } from './containerSpec.ts';

// Where the container listens and how the harness reaches it.
// - bridge: the image listens on its port (default 8080) and Docker publishes
//   it on a free host port that testcontainers reads back.
// - host: nothing is published; the container shares the host's loopback. The
//   harness picks a free loopback port and passes it as PORT, with
//   HOST=127.0.0.1 (the convention the emulator image and many servers follow),
//   unless the image's port is fixed by --target-port / container.port or by a
//   PORT given in its environment. Nothing then listens beyond loopback.

export const DEFAULT_CONTAINER_PORT = 8080;

export interface ListenAddress {
  /** The port inside the container (under host networking: on the host's loopback too). */
  port: number;
  env: Record<string, string>;
}

export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port assigned'))));
    });
  });
}

export async function listenAddress(spec: ContainerSpec, network: NetworkMode): Promise<ListenAddress> {
  const env = { ...spec.env };
  if (network === 'bridge') return { port: spec.port ?? DEFAULT_CONTAINER_PORT, env };
  env.HOST ??= '127.0.0.1';
  if (env.PORT !== undefined) {
    const port = Number(env.PORT);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new SetupError(`the container's PORT must be an integer from 1 to 65535; got '${env.PORT}'`);
    return { port, env };
  }
  if (spec.port !== undefined) return { port: spec.port, env };
  const port = await freeLoopbackPort();
  return { port, env: { ...env, PORT: String(port) } };
}
