import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { clientChoice } from '../../cli/clientValues.ts';
import { SetupError } from '../../harness/records/setupError.ts';
import { runCli } from '../cli/cliProcess.ts';
import { LISTS_EVENTS_ONCE, unbentClient } from './oneLineClient.ts';
import { receiverElsewhere, webhookClientCommand } from './webhookElsewhere.ts';

// Issue 49, item 7, bad input: client --effects is checked as receiver --effects is, each mistake one
// line naming the option, exit 2. A value that is no http(s) URL, a patience that is not seconds or
// one without a probe: before the client runs (cli/clientValues.ts, through cli/receiverValues.ts).
// A probe that does not answer its contract (200 {"count": n}, 0 for an event never sent): before the
// client runs where it answers already, else once the client's receiver is found listening, as the
// receiver command checks it before its cases; nothing is judged, and no report is written over the last.

const dirs: string[] = [];
const reportDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'client-bad-effects-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A probe that answers every read with this status and body. */
async function probeAnswering(status: number, body: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/effects`, server };
}

const oneLine = (stderr: string): string[] => stderr.trim().split('\n');

describe('client --effects, bad input: one line, exit 2', () => {
  test.each([
    [{ effects: 'not-a-url' }, /^--effects must be an http\(s\) URL; got 'not-a-url'$/],
    [{ effects: 'ftp://127.0.0.1/effects' }, /^--effects must be an http\(s\) URL; got 'ftp:\/\/127\.0\.0\.1\/effects'$/],
    [
      { effects: 'http://127.0.0.1:9/effects', effectsPatience: 'soon' },
      /^--effects-patience must be a number of seconds from 1 to 600; got 'soon'$/,
    ],
    [{ effectsPatience: '5' }, /^--effects-patience goes with --effects/],
  ])('%j: a setup error naming the option, before anything starts', (options, message) => {
    expect(() => clientChoice([process.execPath], options)).toThrow(SetupError);
    expect(() => clientChoice([process.execPath], options)).toThrow(message);
  });

  test('on the command line: one line, exit 2, and the client never runs', async () => {
    const [client, ...rest] = unbentClient(reportDir(), `${LISTS_EVENTS_ONCE} console.log('the client ran');`);
    const result = await runCli([client!, '--effects', 'not-a-url', ...rest]);
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toEqual(["banking-api-conformance: --effects must be an http(s) URL; got 'not-a-url'"]);
    expect(result.stdout).not.toContain('| the client ran');
  });

  test.each([
    [
      'answers 404',
      404,
      '{"error":"no such route"}',
      /the effects probe answered 404 .*, not 200 \{"count": n\}; it must answer GET \?eventId=ID with 200 \{"count": n\}$/,
    ],
    [
      'counts an event never sent',
      200,
      '{"count":3}',
      /answered count 3 for event id \d+, which was never sent; it must count only what the receiver processed$/,
    ],
  ])('a probe that %s, already up: one line before the client runs, no report', async (_, status, body, message) => {
    const probe = await probeAnswering(status, body);
    const dir = reportDir();
    try {
      const [client, ...rest] = unbentClient(dir, `${LISTS_EVENTS_ONCE} console.log('the client ran');`);
      const result = await runCli([client!, '--effects', probe.url, ...rest]);
      expect(result.code).toBe(2);
      expect(oneLine(result.stderr)).toEqual([expect.stringMatching(new RegExp(`^banking-api-conformance: --effects ${probe.url}: `))]);
      expect(result.stderr.trim()).toMatch(message);
      expect(result.stdout).not.toContain('| the client ran');
      expect(existsSync(join(dir, 'results.json'))).toBe(false);
    } finally {
      probe.server.close();
    }
  });

  test('a probe nothing listens at, before or once the receiver is judged: one line then, nothing judged, no report', async () => {
    // Not up before the client starts, it may be served by the client's own process: it is held to its contract with the receiver.
    const { receiver, environment } = await receiverElsewhere();
    const unused = await probeAnswering(200, '{"count":0}');
    const url = unused.url;
    await new Promise((resolve) => unused.server.close(resolve));
    const dir = reportDir();
    try {
      const args = ['client', '--plan', 'none', '--effects', url, '--report-dir', dir, '--', ...webhookClientCommand()];
      const result = await runCli(args, environment);
      expect(result.code).toBe(2);
      expect(oneLine(result.stderr)).toEqual([
        `banking-api-conformance: --effects ${url}: the effects probe gave no answer (ECONNREFUSED); it must answer GET ?eventId=ID with 200 {"count": n}`,
      ]);
      expect(result.stdout).toContain(`Webhook ${receiver.url}: judged as a receiver`);
      expect(result.stdout).not.toMatch(/Verdict|RC-/);
      expect(existsSync(join(dir, 'results.json'))).toBe(false);
    } finally {
      await receiver.close();
    }
  });
});
