import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Har } from 'har-format';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clientJournal } from '../../client/clientJournal.ts';
import { readCalls } from '../../client/requestJudge.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { harDocument } from '../../report/harWriter.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { type CliResult, runCli } from '../cli/cliProcess.ts';

// Issue 42: the client command writes a HAR of its client's exchanges as `run` does, through
// the same face (cli/faces/harFace.ts) with `--reporter har`: each call the client made, in the
// order it arrived, named by its operation, its answer's status, the token masked; a call the
// client gave up on is there without an answer, saying so. HAR adds to the default reports.

const dir = mkdtempSync(join(tmpdir(), 'client-har-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CLIENT = [
  'const base = process.env.BANKING_API_BASE_URL;',
  "const auth = { authorization: 'Bearer ' + process.env.BANKING_API_TOKEN };",
  "await (await fetch(base + '/events?page[limit]=10', { headers: auth })).text();",
  "const attributes = { label: 'har', url: 'http://127.0.0.1:9/x', token: '', contentType: 'Json', deliveryMode: 'AtMostOnce' };",
  "const body = JSON.stringify({ data: { type: 'webhook', attributes } });",
  "await (await fetch(base + '/webhooks', { method: 'POST', headers: { ...auth, 'content-type': 'application/vnd.api+json' }, body })).text();",
].join(' ');

let result: CliResult;
beforeAll(async () => {
  const client = [process.execPath, '--input-type=module', '-e', CLIENT];
  result = await runCli(['client', '--plan', 'none', '--reporter', 'har', '--report-dir', dir, '--', ...client]);
}, 120_000);

describe("the client's exchanges as HAR", () => {
  test('--reporter har writes DIR/exchanges.har: each call in order, its operation, its status, no token', () => {
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`HAR: ${join(dir, 'exchanges.har')} (2 exchanges)`);
    // Besides the default reports, never instead of them (the guide: "with --reporter har besides").
    for (const report of ['results.json', 'report.html', 'junit.xml', 'summary.md', 'allure-results'])
      expect(existsSync(join(dir, report)), report).toBe(true);
    const text = readFileSync(join(dir, 'exchanges.har'), 'utf8');
    const har = JSON.parse(text) as Har;
    expect(har.log.version).toBe('1.2');
    const entries = har.log.entries.map((entry) => [
      entry.request.method,
      new URL(entry.request.url).pathname,
      entry.response.status,
      entry.comment,
    ]);
    expect(entries).toEqual([
      ['GET', '/events', 200, 'event.list'],
      ['POST', '/webhooks', 201, 'webhook.create'],
    ]);
    expect(har.log.entries[1]!.request.postData?.text).toContain('"label":"har"');
    const document = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsDocument;
    expect(document.verdict).toBe('conformant');
    expect(text).not.toMatch(/Bearer [0-9a-f]{48}/);
  });

  test('a call the client gave up on has no answer in the HAR, and says why', () => {
    const [call] = readCalls(
      [
        {
          method: 'POST',
          target: '/webhooks',
          headers: { authorization: 'Bearer client-har-test-token-0123456789' },
          body: Buffer.from('{}'),
          status: 201,
          arrivedMs: 10,
          gaveUpAfterMs: 5000,
          perturbed: [{ name: 'slow-answer', facts: {} }],
        },
      ],
      'http://127.0.0.1:1',
      new SecretRedactor(),
    ).calls;
    const [entry] = harDocument(clientJournal([call!]), 'test').log.entries;
    expect(entry!.response.status).toBe(0);
    expect(entry!.comment).toBe(
      'webhook.create (slow-answer); no response: the client closed the connection after 5000 ms, before the answer was sent',
    );
    expect(entry!.request.headers.find((header) => header.name === 'authorization')?.value).not.toContain('0123456789');
  });
});
