import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { RECEIVER_CASES } from '../../receiver/receiverCases.ts';
import { runCli } from '../cli/cliProcess.ts';

// The client's webhooks are a live second segment of the client command's one judged run
// (client/clientWebhooks.ts, cli/conduct.ts): the receiver's events reach --events while the
// client still runs, and are never told again after it has exited. The client here asks to be
// judged, then keeps running until a marker file exists; the test writes the marker only once it
// has read the receiver's whole segment from the events file. Events held and replayed once the
// client exited would never be read before the marker, and the client would exit 3.

const RECEIVER_CLIENT = fileURLToPath(new URL('./faultyClients/receiverClient.ts', import.meta.url));

interface Line {
  type: string;
  subject?: string;
  report?: { subject: string; itemId: string };
}

const dir = mkdtempSync(join(tmpdir(), 'client-live-segment-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const linesOf = (file: string): Line[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.endsWith('}'))
        .map((line) => JSON.parse(line) as Line)
    : [];

test("the receiver segment's events reach --events while the client still runs, each told once", async () => {
  const eventsFile = join(dir, 'events.ndjson');
  const marker = join(dir, 'seen-the-receiver-segment');
  let exited = false;
  const command = runCli([
    'client',
    '--plan',
    'none',
    '--report-dir',
    join(dir, 'reports'),
    '--events',
    eventsFile,
    '--',
    process.execPath,
    '--import',
    'tsx',
    RECEIVER_CLIENT,
    'correct',
    '--then-wait-for',
    marker,
  ]).finally(() => (exited = true));
  // Read as the command writes it, until the receiver's segment has finished (or the command ended without one).
  let seen: Line[] = [];
  while (!exited) {
    seen = linesOf(eventsFile);
    if (seen.some((line) => line.type === 'run-finished')) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  writeFileSync(marker, 'seen');
  const result = await command;

  expect(result.stdout).toContain('the marker came: exiting');
  expect(result.code, result.stderr).toBe(0);
  // While the client ran: the receiver's segment, whole, and nothing of the client's own.
  expect(seen.filter((line) => line.type === 'run-started').map((line) => line.subject)).toEqual(['receiver']);
  const receiverFinals = (lines: Line[]) =>
    lines.filter((line) => line.type === 'item-final' && line.report?.subject === 'receiver').map((line) => line.report?.itemId);
  expect(receiverFinals(seen)).toEqual(expect.arrayContaining(RECEIVER_CASES.map((one) => one.id)));
  // Once it exited, its own segment followed what was told live; nothing was told again.
  const all = linesOf(eventsFile);
  expect(all.slice(0, seen.length)).toEqual(seen);
  expect(all.filter((line) => line.type === 'run-started').map((line) => line.subject)).toEqual(['receiver', 'client']);
  expect(receiverFinals(all)).toEqual(receiverFinals(seen));
  const finals = all.filter((line) => line.type === 'item-final').map((line) => line.report?.itemId);
  expect(new Set(finals).size).toBe(finals.length);
});
