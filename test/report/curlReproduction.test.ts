import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/emulator.ts';
import type { CheckRecord, ExchangeExcerpt } from '../../harness/records/checkRecords.ts';
import { runScenarios } from '../support/runScenarios.ts';
import { curlCommand, REPRODUCIBLE, TOKEN_VARIABLE } from '../../report/reproduction.ts';
import { ALL_SCENARIOS, scenariosJudging } from '../support/emulatorRuns.ts';

// The curl command shown for a failure, run by a shell against the same emulator
// with a token in $BANKING_API_TOKEN, gets the status the failing exchange got:
// a GET (a list lacking its total) and a POST with a JSON body (an invalid rule
// that is created anyway). The token itself never appears in the command.

const FAULTS = ['list-without-total', 'invalid-rule-answered-201'];
const run = promisify(execFile);
let emulator: Emulator;
let records: CheckRecord[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ faults: FAULTS });
  records = await runScenarios(scenariosJudging(['PP-LIST-SHAPE', 'PP-ACH-ORIGINATOR-REQUIRED'], ALL_SCENARIOS), {
    baseUrl: emulator.url(),
    seed: 8,
  });
}, 120_000);

afterAll(async () => {
  await emulator?.close();
});

async function statusOf(command: string, token: string): Promise<number> {
  const { stdout } = await run('bash', ['-c', `${command} -s -o /dev/null -w '%{http_code}'`], {
    env: { ...process.env, [TOKEN_VARIABLE]: token },
  });
  return Number(stdout);
}

test('the curl command of each failing exchange reproduces its status against the emulator', async () => {
  const exchanges: ExchangeExcerpt[] = records
    .filter((record) => REPRODUCIBLE.has(record.outcome))
    .flatMap((record) => record.evidence?.exchanges ?? [])
    .filter((exchange) => exchange.response !== undefined);
  const methods = new Set(exchanges.map((exchange) => exchange.request.method));
  expect(methods).toEqual(new Set(['GET', 'POST']));
  const token = emulator.state.tokens.mint();
  const chosen = ['GET', 'POST'].flatMap((method) => exchanges.filter((exchange) => exchange.request.method === method).slice(0, 6));
  for (const exchange of chosen) {
    const { command, bodyNote } = curlCommand(exchange);
    expect(bodyNote).toBeUndefined();
    expect(command).toContain(`"authorization: Bearer $${TOKEN_VARIABLE}"`);
    expect(command).not.toContain(token);
    expect(await statusOf(command, token), command).toBe(exchange.response?.status);
  }
  const post = exchanges.find((exchange) => exchange.request.method === 'POST');
  expect(curlCommand(post as ExchangeExcerpt).command).toMatch(/ --data-raw '\{"data":/);
}, 60_000);

test('a binary or cut body is sent from a file the note names', () => {
  const upload: ExchangeExcerpt = {
    request: {
      method: 'PUT',
      url: 'http://127.0.0.1:1/positive-pay/7/documents',
      headers: { 'content-type': 'image/png' },
      body: '<20971521 bytes of image/png>',
    },
  };
  expect(curlCommand(upload)).toEqual({
    command: "curl -i -X PUT 'http://127.0.0.1:1/positive-pay/7/documents' -H 'content-type: image/png' --data-binary @request-body",
    bodyNote: 'put the request body (20971521 bytes of image/png) in the file request-body',
    usesToken: false,
  });
  const quoted: ExchangeExcerpt = {
    request: { method: 'POST', url: "http://127.0.0.1:1/x?a='b'", headers: {}, body: `{"name":"O'Brien"}` },
  };
  expect(curlCommand(quoted).command).toBe(`curl -i -X POST 'http://127.0.0.1:1/x?a='\\''b'\\''' --data-raw '{"name":"O'\\''Brien"}'`);
});
