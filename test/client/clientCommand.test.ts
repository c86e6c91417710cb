import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli/cliProcess.ts';
import { LISTS_EVENTS_ONCE, unbentClient } from './oneLineClient.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { PERTURBATION_NAMES } from '../../client/perturbations.ts';

// `client -- COMMAND` through the real command line: the reference client
// (examples/reference-client/index.mjs) is CONFORMANT with every documented
// operation it calls judged; the setup errors are one line and exit 2; the token
// the client is given is never printed nor written.

const dirs: string[] = [];
const reportDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'client-command-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const resultsIn = (dir: string): ResultsDocument => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsDocument;

describe('client command', () => {
  test("the reference client is CONFORMANT, exit 0, and results.json is the client command's", async () => {
    const dir = reportDir();
    const result = await runCli(['client', '--report-dir', dir, '--', process.execPath, 'examples/reference-client/index.mjs']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Verdict: CONFORMANT');
    const document = resultsIn(dir);
    expect(document.command).toBe('client');
    expect(readdirSync(join(dir, 'allure-results')).filter((name) => name.endsWith('-result.json')).length).toBeGreaterThan(0);
    expect(document.verdict).toBe('conformant');
    const failing = document.requirements.filter((one) => one.outcome === 'FAIL' || one.outcome === 'UNTESTABLE' || one.outcome === 'WARN');
    expect(failing).toEqual([]);
    const judgedIds = document.requirements.filter((one) => one.outcome === 'PASS').map((one) => one.id);
    // Every kind of call the reference client makes is judged: a policy, rules, a webhook, a list, a resend, an upload.
    expect(judgedIds).toEqual(
      expect.arrayContaining([
        'CL-BEARER-EVERY-CALL',
        'CL-BODY-MEDIA-TYPE',
        'CL-POLICY-CREATE-FIELDS',
        'CL-RULE-CREATE-FIELDS',
        'CL-DATE-FULL-DATE',
        'CL-AMOUNT-INTEGER-CENTS',
        'CL-WEBHOOK-CREATE-FIELDS',
        'CL-PAGE-LIMIT-BOUND',
        'CL-RESEND-EMPTY-OBJECT',
        'CL-UPLOAD-MEDIA-TYPE',
        'CL-UPLOAD-SIZE',
        // Under the default plan, every perturbation: it accepts the unknown type and waits out Retry-After.
        'CL-UNKNOWN-EVENT-TYPE',
        'CL-RETRY-AFTER-429',
      ]),
    );
    const observed = document.requirements.filter((one) => one.outcome === 'OBSERVED').map((one) => one.id);
    expect(observed).toEqual(expect.arrayContaining(['CL-SLOW-ANSWER', 'CL-PAGES-READ']));
    const allure = readdirSync(join(dir, 'allure-results')).map((name) => readFileSync(join(dir, 'allure-results', name), 'utf8'));
    const text = `${result.stdout}${readFileSync(join(dir, 'results.json'), 'utf8')}${readFileSync(join(dir, 'report.html'), 'utf8')}${allure.join('')}`;
    expect(text).not.toMatch(/Bearer [0-9a-f]{48}/);
  });

  test('a command that is not found is one line, exit 2', async () => {
    const result = await runCli(['client', '--report-dir', reportDir(), '--', 'no-such-client-command-here']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual(['banking-api-conformance: client: command not found: no-such-client-command-here']);
    // Found missing before anything starts: no emulator served, nothing said on standard output.
    expect(result.stdout).toBe('');
    const missingPath = await runCli(['client', '--report-dir', reportDir(), '--', './no-such-client.sh']);
    expect([missingPath.code, missingPath.stderr.trim()]).toEqual([
      2,
      'banking-api-conformance: client: command not found: ./no-such-client.sh',
    ]);
  });

  test('a client that makes no call: one line, exit 2, before any progress, and the last results.json left alone', async () => {
    const dir = reportDir();
    const earlier = '{"an earlier run": true}\n';
    writeFileSync(join(dir, 'results.json'), earlier);
    const result = await runCli(['client', '--report-dir', dir, '--', process.execPath, '-e', 'process.exit(0)']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      "banking-api-conformance: client: the client made no call to BANKING_API_BASE_URL (your client's command exited 0): nothing judged, no report written",
    ]);
    expect(result.stdout).not.toMatch(/CL-|Verdict/);
    expect(readFileSync(join(dir, 'results.json'), 'utf8')).toBe(earlier);
    expect(readdirSync(dir)).toEqual(['results.json']);
  });

  test('--plan with an unknown perturbation is one line naming the closest, exit 2', async () => {
    const result = await runCli([
      'client',
      '--plan',
      'retry-after-429,slow-anser',
      '--report-dir',
      reportDir(),
      '--',
      process.execPath,
      '-e',
      '0',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      "banking-api-conformance: --plan: unknown perturbation 'slow-anser' (did you mean slow-answer?); `banking-api-conformance list perturbations` shows them",
    ]);
  });

  test('list perturbations names each with the requirement that judges it, and --plan none bends nothing', async () => {
    const listed = await runCli(['list', 'perturbations']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^retry-after-429 +CL-RETRY-AFTER-429 +SHOULD /m);
    expect(listed.stdout).toMatch(/^slow-answer +CL-SLOW-ANSWER +OBSERVE .*; also judged by CL-SLOW-CREATE-NO-DUPLICATE \(SHOULD\)$/m);
    expect(listed.stdout).toContain(`${PERTURBATION_NAMES.length} perturbation(s) of client --plan`);
    const dir = reportDir();
    const result = await runCli(unbentClient(dir, LISTS_EVENTS_ONCE));
    expect(result.code).toBe(0);
    const document = resultsIn(dir);
    expect(document.replayArguments?.slice(0, 2)).toEqual(['--plan', 'none']);
    const unknown = document.requirements.find((one) => one.id === 'CL-UNKNOWN-EVENT-TYPE');
    expect(unknown?.outcome).toBe('SKIP');
    expect(JSON.stringify(unknown)).toContain('the plan left out unknown-event-type');
  });

  test("the client's token is masked in what its command prints", async () => {
    const dir = reportDir();
    const script =
      "console.log('token is ' + process.env.BANKING_API_TOKEN); await fetch(process.env.BANKING_API_BASE_URL + '/events', { headers: { authorization: 'Bearer ' + process.env.BANKING_API_TOKEN } });";
    const result = await runCli(['client', '--report-dir', dir, '--', process.execPath, '--input-type=module', '-e', script]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/token is \S+/);
    expect(result.stdout).not.toMatch(/token is [0-9a-f]{48}/);
  });
});
