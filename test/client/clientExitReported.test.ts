import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { type CliResult, runCli } from '../cli/cliProcess.ts';

// Issue 42: "The exit code of the client's own command is reported." A client that calls the
// API correctly and then exits 3 is judged CONFORMANT (its failure is its own, no perturbation
// preceding it), and its exit is in results.json as a typed field the results schema
// describes, in summary.md and in the terminal; the verdict's exit code stays the suite's.

const dir = mkdtempSync(join(tmpdir(), 'client-exit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CLIENT =
  "await fetch(process.env.BANKING_API_BASE_URL + '/events', { headers: { authorization: 'Bearer ' + process.env.BANKING_API_TOKEN } }); process.exit(3);";

let result: CliResult;
beforeAll(async () => {
  result = await runCli(['client', '--plan', 'none', '--report-dir', dir, '--', process.execPath, '--input-type=module', '-e', CLIENT]);
}, 120_000);
const resultsDocument = () => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsDocument;

describe("the client's own exit code", () => {
  test('is reported in results.json (valid against the results schema), summary.md and the terminal', () => {
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Your client's command exited 3");
    const document = resultsDocument();
    expect(document.verdict).toBe('conformant');
    expect(document.clientExit).toEqual({ code: 3, signal: null });
    expect(schemaRegistry().validate('harness/results', document).violations).toEqual([]);
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain("Your client's command exited 3.");
  });

  test('the schema takes a signal in place of a code, and refuses a code that is not an integer', () => {
    const document = resultsDocument();
    const valid = (clientExit: unknown) => schemaRegistry().validate('harness/results', { ...document, clientExit }).valid;
    expect(valid({ code: null, signal: 'SIGTERM' })).toBe(true);
    expect(valid({ code: '3', signal: null })).toBe(false);
    expect(valid({ code: 3 })).toBe(false);
  });
});
