import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../cli/cliProcess.ts';
import { type EmulatorProcess, startEmulatorProcess } from '../emulator/emulatorProcess.ts';
import { VENDOR_LIKE_MANIFEST_PATH } from '../support/vendorLikeEmulator.ts';
import { startTap, type TappedRequest, type UpstreamTap } from './upstreamTap.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { targetClient } from './oneLineClient.ts';

// `client --target MANIFEST -- COMMAND` against an emulator started as a process of its own, in its
// vendor-like profile (only the documented API, a lived-in store, latency, its own 429s), as a vendor
// sandbox is met (issue 52, Must show). A tap between the proxy and the emulator keeps what the upstream
// received; the client keeps what it sent itself (test/client/fetchLog.mjs). The reference client is
// CONFORMANT; a client sending application/json is NON-CONFORMANT; the upstream received nothing the
// client did not send, and of what it sent, only the write the 429 perturbation answered never reached it.

const TOKEN = `vendorlike_${randomBytes(24).toString('base64url')}`;
const FETCH_LOG = fileURLToPath(new URL('./fetchLog.mjs', import.meta.url));

let emulator: EmulatorProcess;
let tap: UpstreamTap;
let dir: string;
let manifest: string;

beforeAll(async () => {
  emulator = await startEmulatorProcess(['--profile', 'vendor-like'], { BANKING_EMULATOR_TOKEN: TOKEN });
  tap = await startTap(emulator.url);
  dir = mkdtempSync(join(tmpdir(), 'client-target-'));
  // The shipped manifest of the vendor-like profile, pointed at the tap in front of this emulator.
  const shipped = JSON.parse(readFileSync(VENDOR_LIKE_MANIFEST_PATH, 'utf8')) as Record<string, unknown>;
  manifest = join(dir, 'target.json');
  writeFileSync(manifest, JSON.stringify({ ...shipped, $schema: undefined, baseUrl: tap.url }));
});

afterAll(async () => {
  await tap?.close();
  emulator?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const resultsIn = (reports: string): ResultsDocument => JSON.parse(readFileSync(join(reports, 'results.json'), 'utf8')) as ResultsDocument;
const outcomeOf = (document: ResultsDocument, id: string) => document.requirements.find((one) => one.id === id);
const same = (a: Omit<TappedRequest, 'authorization'>, b: Omit<TappedRequest, 'authorization'>) =>
  a.method === b.method && a.target === b.target && a.body === b.body;

describe('client --target against an emulator of its own, vendor-like', () => {
  test('the reference client is CONFORMANT, and the upstream received only what it sent, bar the refused write', async () => {
    const reports = join(dir, 'reference');
    const log = join(dir, 'reference-sent.ndjson');
    tap.received.length = 0;
    const result = await runCli(
      [
        'client',
        '--target',
        manifest,
        '--report-dir',
        reports,
        '--',
        process.execPath,
        '--import',
        FETCH_LOG,
        'examples/reference-client/index.mjs',
      ],
      { BANKING_EMULATOR_TOKEN: TOKEN, FETCH_LOG: log },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Verdict: CONFORMANT');
    expect(result.code).toBe(0);
    const document = resultsIn(reports);
    expect(document.target.baseUrl).toBe(tap.url);
    expect(outcomeOf(document, 'CL-UNKNOWN-EVENT-TYPE')?.outcome).toBe('PASS');
    expect(outcomeOf(document, 'CL-RETRY-AFTER-429')?.outcome).toBe('PASS');
    expect(outcomeOf(document, 'CL-SLOW-ANSWER')?.outcome).toBe('OBSERVED');
    // What needs the emulator's control or state SKIPs, saying why.
    for (const id of ['CL-PAGES-READ', 'CL-SCOPES-HELD', 'CL-LEFT-BEHIND']) expect(outcomeOf(document, id)?.outcome).toBe('SKIP');
    expect(JSON.stringify(outcomeOf(document, 'CL-PAGES-READ'))).toContain('needs the embedded emulator');

    const sent = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Omit<TappedRequest, 'authorization'>);
    const unmatched = [...sent];
    for (const received of tap.received) {
      const at = unmatched.findIndex((one) => same(one, received));
      // Nothing reached the upstream that the client did not send.
      expect(at, `${received.method} ${received.target} reached the upstream unsent`).toBeGreaterThanOrEqual(0);
      unmatched.splice(at, 1);
    }
    // Of what it sent, only the first write never reached the upstream: the 429 perturbation answered it, and its retry went on.
    expect(unmatched).toEqual([sent.find((one) => one.method !== 'GET')]);
    // Its credentials reached the upstream untouched.
    expect(new Set(tap.received.map((one) => one.authorization))).toEqual(new Set([`Bearer ${TOKEN}`]));
    expect(`${result.stdout}${readFileSync(join(reports, 'results.json'), 'utf8')}`).not.toContain(TOKEN);
  });

  test('a client sending application/json is NON-CONFORMANT, exit 1', async () => {
    const reports = join(dir, 'plain-json');
    const script = [
      "const body = JSON.stringify({ data: { type: 'positivePayPolicy', attributes: { optInTypes: ['CheckPayment'] },",
      "  relationships: { account: { data: { type: 'account', id: process.env.BANKING_API_ACCOUNT_ID } } } } });",
      "const answer = await fetch(process.env.BANKING_API_BASE_URL + '/positive-pay-policy', { method: 'POST', body,",
      "  headers: { authorization: 'Bearer ' + process.env.BANKING_API_TOKEN, 'content-type': 'application/json' } });",
      'await answer.text();',
    ].join('\n');
    const result = await runCli(targetClient(manifest, 'none', reports, script), { BANKING_EMULATOR_TOKEN: TOKEN });
    expect(result.stdout).toContain('Verdict: NON-CONFORMANT');
    expect(result.code).toBe(1);
    expect(outcomeOf(resultsIn(reports), 'CL-BODY-MEDIA-TYPE')?.outcome).toBe('FAIL');
  });
});
