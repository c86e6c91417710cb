import { createServer } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { SecretRedactor } from '../../../harness/records/secretRedactor.ts';
import { SessionSink } from '../../../harness/targetIO/sessionSink.ts';
import { resolveTarget } from '../../../harness/targetIO/targetManifest.ts';

// A target session's webhook sink: one sink for the session's scenarios, one
// reachability probe, a fixed port where the manifest names one, and nothing
// left listening once the session closes.

const sinks: SessionSink[] = [];
afterEach(async () => {
  for (const sink of sinks.splice(0)) await sink.close();
});
const sessionSink = (options: ConstructorParameters<typeof SessionSink>[0] = {}) => {
  const sink = new SessionSink(options, new SecretRedactor());
  sinks.push(sink);
  return sink;
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { method: 'POST', body: '{}' });
    return true;
  } catch {
    return false;
  }
}

test('every scenario of a session gets the same sink, and it stops listening when the session closes', async () => {
  const session = sessionSink();
  const first = await session.sink();
  expect(await session.sink()).toBe(first);
  const endpoint = first.endpoint('probe');
  expect(await answers(endpoint.url)).toBe(true);
  await session.close();
  expect(await answers(endpoint.url)).toBe(false);
});

test('two sessions have two sinks', async () => {
  const one = await sessionSink().sink();
  const other = await sessionSink().sink();
  expect(one.endpoint('a').url).not.toBe(other.endpoint('a').url);
});

test('reachability is probed once per session; a probe that threw is asked again', async () => {
  const session = sessionSink();
  let probes = 0;
  const unreachable = async () => {
    probes += 1;
    return 'not reachable';
  };
  expect(await session.reachability(unreachable)).toBe('not reachable');
  expect(await session.reachability(unreachable)).toBe('not reachable');
  expect(probes).toBe(1);

  const flaky = sessionSink();
  await expect(
    flaky.reachability(async () => {
      throw new Error('probe crashed');
    }),
  ).rejects.toThrow('probe crashed');
  expect(await flaky.reachability(async () => undefined)).toBeUndefined();
});

test("the manifest's webhookSink.port is where the sink listens", async () => {
  const port = await freePort();
  const target = resolveTarget({
    name: 't',
    baseUrl: 'http://127.0.0.1:1',
    environment: 'sandbox',
    capabilities: [],
    webhookSink: { port },
  });
  expect(target.webhookSink.port).toBe(port);
  const sink = await sessionSink(target.webhookSink).sink();
  expect(sink.endpoint('fixed').url.startsWith(`http://127.0.0.1:${port}/`)).toBe(true);
});
