import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { copedRows } from '../../client/copedTable.ts';
import type { PerturbedRun } from '../../client/perturbedRun.ts';
import type { PerturbationName } from '../../client/perturbations.ts';
import type { RecordedRequest } from '../../client/recordedRequest.ts';
import { readCalls } from '../../client/requestJudge.ts';
import { schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';
import { JSON_API } from '../../contract/facts/mediaTypes.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { copedMarkdown } from '../../verdict/copedWording.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { PROJECT_ROOT, runCli } from '../cli/cliProcess.ts';
import { inTerminal, SCRIPT, screenRows } from '../cli/terminalScreen.ts';

// The "how your client coped" table (issue 52, item 2): one row per perturbation of the plan, read from
// the recording alone: the call it bent, what the client did next, how long until that call got through,
// and whether it did. Hand-made recordings (on the recorder's clock) for the row's reading; one real
// client run for where the table shows: results.json, the terminal (cut at its width), summary.md and report.html.

/** One exchange arriving at `atMs`, answered `tookMs` later unless given up or reset (no status). */
function exchange(method: string, target: string, status: number | undefined, atMs: number, extra: Partial<RecordedRequest> = {}) {
  const tookMs = 10;
  return {
    method,
    target,
    headers: { authorization: 'Bearer coped-table-test-token', ...(method === 'POST' ? { 'content-type': JSON_API } : {}) },
    body: method === 'POST' ? Buffer.from('{"data":{"type":"webhook","attributes":{"url":"http://127.0.0.1:1/"}}}') : Buffer.alloc(0),
    arrivedMs: atMs,
    durationMs: tookMs,
    ...(status === undefined || extra.gaveUpAfterMs !== undefined ? {} : { status, answeredMs: atMs + tookMs }),
    ...extra,
  } satisfies RecordedRequest;
}
const bent = (name: string, facts: Record<string, number | string> = {}) => ({ perturbed: [{ name, facts }] });

function rowsOf(requests: RecordedRequest[], plan: string[], exit: PerturbedRun['exit'] = { code: 0, signal: null }) {
  const { calls } = readCalls(requests, 'http://127.0.0.1:1', new SecretRedactor());
  // A name not yet in client/perturbations.ts stands for one another change adds: the rows read any.
  return copedRows({ calls, plan: plan as PerturbationName[], exit });
}

/** A reset twice in a row, then the list answered; a slow create given up on and not sent again; the plan's bare 429 never met. */
const EXAMPLE: RecordedRequest[] = [
  exchange('GET', '/events', undefined, 0, bent('reset', { before: 'the answer', attempt: 1, times: 2 })),
  exchange('GET', '/events', undefined, 30, bent('reset', { before: 'the answer', attempt: 2, times: 2 })),
  exchange('GET', '/events', 200, 70),
  exchange('POST', '/webhooks', 201, 100, { ...bent('slow-answer', { heldMs: 6000, timeoutMs: 5000 }), gaveUpAfterMs: 5000 }),
  exchange('GET', '/webhooks', 200, 5150),
];
const EXAMPLE_PLAN = ['reset', 'slow-answer', 'status-429-without-retry-after'];

describe('the rows read from the recording', () => {
  test('a reset twice in a row, then the call sent again and answered: sent again, how soon, recovered, after how long', () => {
    const [reset] = rowsOf(EXAMPLE, EXAMPLE_PLAN);
    expect(reset).toEqual({
      perturbation: 'reset',
      facts: '2 times in a row',
      subject: 'GET /events',
      didNext: 'sent it again 2 times, first after 20 ms',
      retries: 2,
      // From the first try's arrival (0) to the end of the answer that got through (70 + 10).
      firstRetryMs: 20,
      recoveredAfterMs: 80,
      recovered: true,
    });
  });

  test('a slow create given up on and not sent again: gave up, went on, not recovered; a planned one never met comes last, saying why', () => {
    const [, slow, throttled] = rowsOf(EXAMPLE, EXAMPLE_PLAN);
    expect(slow).toMatchObject({
      perturbation: 'slow-answer',
      facts: 'held 6000 ms, time-out 5000 ms',
      didNext: 'gave up after 5000 ms, went on to GET /webhooks',
      retries: 0,
      recoveredAfterMs: null,
      recovered: false,
    });
    expect(throttled).toMatchObject({ perturbation: 'status-429-without-retry-after', subject: null, didNext: null, recovered: null });
    expect(throttled!.notApplied).toMatch(/^status-429-without-retry-after was planned, but the client never made the call it bends/);
  });

  test('an answer given in full (an unknown event type read): what came next, and recovery does not apply', () => {
    const requests = [
      exchange('GET', '/events', 200, 0, bent('unknown-event-type', { type: 'conformanceClient.unlisted' })),
      exchange('GET', '/positive-pay', 200, 20),
    ];
    expect(rowsOf(requests, ['unknown-event-type'])).toEqual([
      expect.objectContaining({ facts: '', didNext: 'went on to GET /positive-pay', recoveredAfterMs: null, recovered: null }),
    ]);
    expect(rowsOf(requests.slice(0, 1), ['unknown-event-type'], { code: 3, signal: null })).toEqual([
      expect.objectContaining({ didNext: 'made no later call; its command exited 3', recovered: null }),
    ]);
  });

  test('a perturbation the table has no words for has its facts as marked, and a spoilt 2xx answer is one to recover from', () => {
    const requests = [exchange('GET', '/events', 200, 0, bent('truncated-body', { keptBytes: 12 })), exchange('GET', '/events', 200, 40)];
    expect(rowsOf(requests, ['truncated-body'])).toEqual([
      expect.objectContaining({ facts: 'keptBytes 12', retries: 1, firstRetryMs: 30, recoveredAfterMs: 50, recovered: true }),
    ]);
  });

  test("the guide's example table is the one these rows make", () => {
    const guide = readFileSync(join(PROJECT_ROOT, 'docs/your-api-client.md'), 'utf8');
    expect(guide).toContain(copedMarkdown(rowsOf(EXAMPLE, EXAMPLE_PLAN)).join('\n'));
  });
});

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Lists the events; on a broken connection, lists them again once. Double quotes only: the terminal's shell line quotes in single ones. */
const LISTS_AGAIN_AFTER_A_RESET =
  'const list = () => fetch(process.env.BANKING_API_BASE_URL + "/events", { headers: { authorization: "Bearer " + process.env.BANKING_API_TOKEN } });' +
  ' try { await (await list()).text(); } catch { await (await list()).text(); }';
const RESET_ON_LIST = (dir: string) => [
  'client',
  '--plan',
  'reset:op=event.list',
  '--report-dir',
  dir,
  '--',
  process.execPath,
  '--input-type=module',
];

test('a real client run: the row in results.json (valid by its schema), on the terminal, in summary.md and report.html', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'client-coped-'));
  dirs.push(dir);
  const result = await runCli([...RESET_ON_LIST(dir), '-e', LISTS_AGAIN_AFTER_A_RESET]);
  expect(result.code, result.stderr).toBe(0);
  const document = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsDocument;
  expect(schemaRegistry().validate('harness/results', document).violations).toEqual([]);
  expect(document.clientCoped).toEqual([
    expect.objectContaining({ perturbation: 'reset', facts: '', subject: 'GET /events', retries: 1, recovered: true }),
  ]);
  expect(result.stdout).toMatch(
    /How your client coped with its perturbations:\n {2}reset · GET \/events: sent it again 1 time, first after \d+ ms; recovered after \d+ ms\n/,
  );
  const summary = readFileSync(join(dir, 'summary.md'), 'utf8');
  expect(summary).toMatch(
    /### How your client coped\n\n\| perturbation \|.*\n\|---\|.*\n\| reset \| GET \/events \| sent it again 1 time, /,
  );
  expect(readFileSync(join(dir, 'report.html'), 'utf8')).toMatch(
    /<section id="coped" class="panel">[^]*<td>reset<\/td><td>GET \/events<\/td>/,
  );
}, 120_000);

test.skipIf(!existsSync(SCRIPT))(
  "on a terminal of 60 columns the table's row is cut at its width, not wrapped (skipped without util-linux script)",
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-coped-width-'));
    dirs.push(dir);
    const run = inTerminal([...RESET_ON_LIST(dir), '-e', LISTS_AGAIN_AFTER_A_RESET], 60, 200);
    expect(await run.exited, run.output()).toBe(0);
    const rows = screenRows(run.output(), 60);
    const title = rows.indexOf('How your client coped with its perturbations:');
    expect(title, rows.join('\n')).toBeGreaterThan(0);
    expect(rows[title + 1]).toMatch(/^ {2}reset · GET \/events: sent it again 1 time, .*…$/);
    expect(rows[title + 1]).toHaveLength(60);
    expect(rows[title + 2]).toMatch(/^Your client's command exited 0/);
  },
  120_000,
);
