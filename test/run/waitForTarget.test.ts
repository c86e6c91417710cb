import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { assertReachable } from '../../run/reachability.ts';

// --wait-for-target N: a target CI started a moment before MUST be waited for,
// up to N seconds, saying so once; one that never answers is still a setup
// error, which names the wait.

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test('a target that starts listening while the run waits is reached', async () => {
  const port = await freePort();
  const said: string[] = [];
  const starting = new Promise<void>((resolve) =>
    setTimeout(() => {
      server = createServer((_request, response) => response.writeHead(401).end());
      server.listen(port, '127.0.0.1', resolve);
    }, 1_500),
  );
  await assertReachable(`http://127.0.0.1:${port}`, '--base-url', 30, (text) => said.push(text));
  await starting;
  expect(said).toEqual([`Waiting up to 30 s for the target at http://127.0.0.1:${port} (ECONNREFUSED)`]);
});

test('a target that never answers is a setup error naming the wait', async () => {
  const port = await freePort();
  await expect(assertReachable(`http://127.0.0.1:${port}`, '--base-url', 1)).rejects.toThrow(
    `cannot reach the target at http://127.0.0.1:${port} (ECONNREFUSED) within 1 s: start it, or fix --base-url`,
  );
});
