import { expect, test } from 'vitest';
import type { ContainerSpec } from '../../container/containerSpec.ts';
import { chooseNetwork } from '../../container/dockerEngine.ts';
import { listenAddress } from '../../container/listenAddress.ts';

// Host networking only where detection shows the need, and then the container
// listens on the host's loopback at a port the harness picked.

test('host networking where the engine has no bridge, or the target must reach the sink on the host loopback', () => {
  expect(chooseNetwork(undefined, false, false)).toEqual({ network: 'host', reason: 'the engine has no bridge network' });
  expect(chooseNetwork(undefined, true, true).network).toBe('host');
  expect(chooseNetwork(undefined, true, false)).toEqual({ network: 'bridge', reason: "Docker's default" });
  expect(chooseNetwork('bridge', true, true).network).toBe('bridge');
  expect(() => chooseNetwork('bridge', false, false)).toThrow(/no bridge network/);
});

const spec = (over: Partial<ContainerSpec>): ContainerSpec => ({
  image: 'x',
  env: {},
  startupTimeoutMs: 1_000,
  deliversToHostLoopback: false,
  ...over,
});

test('host networking: a free loopback port passed as PORT, with HOST=127.0.0.1', async () => {
  const { port, env } = await listenAddress(spec({ env: { OTHER: '1' } }), 'host');
  expect(port).toBeGreaterThan(0);
  expect(env).toEqual({ OTHER: '1', HOST: '127.0.0.1', PORT: String(port) });
});

test('host networking: a fixed port (option or PORT in the env) is used as it is', async () => {
  expect(await listenAddress(spec({ port: 8181 }), 'host')).toEqual({ port: 8181, env: { HOST: '127.0.0.1' } });
  expect(await listenAddress(spec({ env: { PORT: '8282', HOST: '127.0.0.2' } }), 'host')).toEqual({
    port: 8282,
    env: { PORT: '8282', HOST: '127.0.0.2' },
  });
  await expect(listenAddress(spec({ env: { PORT: 'eighty' } }), 'host')).rejects.toThrow(
    /PORT must be an integer from 1 to 65535; got 'eighty'/,
  );
});

test('bridge networking: the image port (default 8080), the environment untouched', async () => {
  expect(await listenAddress(spec({}), 'bridge')).toEqual({ port: 8080, env: {} });
  expect(await listenAddress(spec({ port: 3000, env: { A: 'b' } }), 'bridge')).toEqual({ port: 3000, env: { A: 'b' } });
});
