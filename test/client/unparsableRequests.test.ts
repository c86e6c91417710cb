import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Har } from 'har-format';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { type CliResult, runCli } from '../cli/cliProcess.ts';

// Issue 49's bad input: a request the judge cannot read as a well-formed one (a query string
// that is broken, a body cut off before the length it declared) is a finding of the requirement
// it breaks, with its exchange as evidence, never an internal error: the command exits 1 on the
// findings, writes every report, and records nothing UNTESTABLE.

const CLIENT = fileURLToPath(new URL('./faultyClients/unparsableClient.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'client-unparsable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let result: CliResult;
let document: ResultsDocument;
beforeAll(async () => {
  result = await runCli(['client', '--plan', 'none', '--reporter', 'har', '--report-dir', dir, '--', process.execPath, CLIENT]);
  document = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsDocument;
}, 120_000);

const checksOf = (id: string) => document.requirements.find((requirement) => requirement.id === id)?.checks ?? [];

describe('requests the judge cannot parse', () => {
  test('are findings, not an internal error: exit 1, nothing on standard error, nothing UNTESTABLE', () => {
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(document.verdict).toBe('non-conformant');
    expect(document.requirements.filter((requirement) => requirement.outcome === 'UNTESTABLE')).toEqual([]);
  });

  test('a broken query string fails CL-PAGE-LIMIT-BOUND on the value as sent, with the exchange', () => {
    const [failed] = checksOf('CL-PAGE-LIMIT-BOUND').filter((check) => check.outcome === 'FAIL');
    expect(failed?.message).toContain('page[limit]: expected an integer of at most 1000; got "%ZZ"');
    expect(failed?.evidence?.exchanges?.[0]?.request.url).toContain('/events?page[limit]=%ZZ&filter[since=%E0%A4');
  });

  test('a body cut off before its declared length fails the create on what came, with the exchange', () => {
    const [failed] = checksOf('CL-BODY-JSONAPI-DOCUMENT').filter((check) => check.outcome === 'FAIL');
    expect(failed?.message).toContain(
      'POST /webhooks: body: expected a JSON:API document (data.type, data.attributes, data.relationships); got a body that is not JSON',
    );
    expect(failed?.evidence?.exchanges?.[0]?.request.body).toContain('"label":"cut"');
    expect(checksOf('CL-WEBHOOK-CREATE-FIELDS').map((check) => check.outcome)).toEqual(['FAIL']);
  });

  test('both are in the HAR as sent', () => {
    const har = JSON.parse(readFileSync(join(dir, 'exchanges.har'), 'utf8')) as Har;
    expect(har.log.entries.map((entry) => entry.request.method)).toEqual(['GET', 'POST']);
  });
});
