import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/emulator.ts';
import { startReferenceReceiver } from '../../examples/reference-receiver/referenceReceiver.ts';
import { schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';
import { PROJECT_ROOT, runCli } from './cliProcess.ts';

// Issue 41: `run --events -` streams the engine's events on standard output as NDJSON while the
// run goes on, each line valid against schemas/harness/engine-events.schema.json, in the order
// the engine tells them (test/harness/engine/engineEvents.test.ts holds that order at the engine). The run's calls pass through a proxy of
// this process, so "while the run goes on" is counted, not timed: the target keeps being called
// after this process has read the first line, and results.json, written at the end, is not there yet.
// `receiver --events FILE` writes its cases' events, which go through the same engine, alike.

const SELECTION = 'webhooks/list/';
let emulator: Emulator;
let proxy: Server;
let calls = 0;

beforeAll(async () => {
  emulator = await startEmulator();
  const upstream = new URL(emulator.url());
  proxy = createServer((incoming, answer) => {
    calls += 1;
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (response) => {
        answer.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(answer);
      },
    );
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await emulator?.close();
});

interface Streamed {
  lines: string[];
  callsAtFirstLine: number;
  resultsAtFirstLine: boolean;
  code: number | null;
  stderr: string;
}

async function streamRun(reportDir: string): Promise<Streamed> {
  const { port } = proxy.address() as AddressInfo;
  const args = ['run', '--base-url', `http://127.0.0.1:${port}`, '--grep', SELECTION, '--seed', '5', '--concurrency', '1'];
  const child = spawn(
    process.execPath,
    [join(PROJECT_ROOT, 'bin/banking-api-conformance.mjs'), ...args, '--events', '-', '--reporter', 'junit', '--report-dir', reportDir],
    {
      cwd: PROJECT_ROOT,
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const streamed: Omit<Streamed, 'code' | 'stderr'> = { lines: [], callsAtFirstLine: -1, resultsAtFirstLine: true };
  for await (const line of createInterface({ input: child.stdout })) {
    if (streamed.lines.length === 0) {
      streamed.callsAtFirstLine = calls;
      streamed.resultsAtFirstLine = existsSync(join(reportDir, 'results.json'));
    }
    streamed.lines.push(line);
  }
  const code = child.exitCode ?? (await new Promise<number | null>((resolve) => child.once('exit', resolve)));
  return { ...streamed, code, stderr };
}

test('run --events - streams valid NDJSON during the run, in the engine order, and nothing else on standard output', async () => {
  const reportDir = mkdtempSync(join(tmpdir(), 'bac-events-'));
  const run = await streamRun(reportDir);
  expect(run.code, run.stderr).toBe(0);
  // Streamed: the target was still being called after the first line was read, and the run's results were not written yet.
  expect(run.resultsAtFirstLine).toBe(false);
  expect(calls).toBeGreaterThan(run.callsAtFirstLine);
  // The command's own lines went to standard error.
  expect(run.stderr).toContain('Verdict: CONFORMANT');

  const registry = schemaRegistry();
  const events = run.lines.map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });
  const invalid = events.flatMap((event, index) => {
    const { violations } = registry.validate('harness/engine-events', event);
    return violations.length > 0 ? [`line ${index + 1} (${event.type}): ${JSON.stringify(violations)}`] : [];
  });
  expect(invalid).toEqual([]);

  const document = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as { itemIds: string[] };
  const [first, ...rest] = events;
  expect(first?.type).toBe('run-started');
  const planned = (first?.planned as Array<{ itemId: string }>).map((entry) => entry.itemId);
  expect(planned).toEqual(document.itemIds);
  expect(rest.at(-1)).toMatchObject({ type: 'run-finished', items: planned.length, suiteErrors: [] });
  expect(rest.filter((event) => event.type === 'run-started' || event.type === 'run-finished')).toHaveLength(1);
  // Each scenario's own events: it starts, tells its checks, ends with its report (its cleanup may overlap the next).
  const ofScenario = (event: (typeof events)[number]): string | undefined =>
    event.type === 'item-final' ? (event.report as { itemId: string }).itemId : (event.itemId as string | undefined);
  const between = rest.slice(0, -1);
  for (const id of planned) {
    const own = between.filter((event) => ofScenario(event) === id).map((event) => event.type);
    expect(own[0], id).toBe('item-started');
    expect(own.at(-1), id).toBe('item-final');
    expect(
      own.filter((type) => type === 'item-started' || type === 'item-final'),
      id,
    ).toHaveLength(2);
    expect(own.filter((type) => type === 'check-recorded').length, id).toBeGreaterThan(0);
  }
  // At concurrency 1 they start in the plan's order.
  expect(between.filter((event) => event.type === 'item-started').map(ofScenario)).toEqual(planned);
}, 180_000);

test("receiver --events FILE writes its cases' events: valid lines, subject receiver, a final report per case", async () => {
  const token = 'events-receiver-token-7a41';
  const receiver = await startReferenceReceiver({ token });
  const reportDir = mkdtempSync(join(tmpdir(), 'bac-receiver-events-'));
  const eventsFile = join(reportDir, 'events.ndjson');
  try {
    const receiverArgs = ['--url', receiver.url, '--token-env', 'RECEIVER_TOKEN', '--effects', receiver.effectsUrl];
    const run = await runCli(['receiver', '--events', eventsFile, '--reporter', 'junit', '--report-dir', reportDir, ...receiverArgs], {
      RECEIVER_TOKEN: token,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Events: ${eventsFile}`);
  } finally {
    await receiver.close();
  }
  const text = readFileSync(eventsFile, 'utf8');
  expect(text).not.toContain(token);
  const events = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });
  const registry = schemaRegistry();
  expect(events.filter((event) => registry.validate('harness/engine-events', event).violations.length > 0)).toEqual([]);
  const document = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as { itemIds: string[] };
  expect(events[0]).toMatchObject({ type: 'run-started', subject: 'receiver' });
  expect(events.at(-1)).toMatchObject({ type: 'run-finished', items: document.itemIds.length });
  const finals = events.filter((event) => event.type === 'item-final').map((event) => (event.report as { itemId: string }).itemId);
  expect(finals.sort()).toEqual([...document.itemIds].sort());
}, 180_000);
