import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runCli } from '../cli/cliProcess.ts';
import { type EmulatorProcess, startEmulatorProcess } from '../emulator/emulatorProcess.ts';
import { readEnvelope, statementIn, writeKeyPair } from '../support/certificateTampering.ts';
import { VENDOR_LIKE_MANIFEST_PATH } from '../support/vendorLikeEmulator.ts';
import { LISTS_EVENTS_ONCE, targetClient } from './oneLineClient.ts';

// Issue 52, item 3: a client certificate says how the client was judged, its plan with where each
// perturbation was aimed and the seed that placed the rest, and where its calls went: with
// `--target MANIFEST`, the manifest's base URL and the manifest by digest, never the embedded emulator.

const TOKEN = `vendorlike_${randomBytes(24).toString('base64url')}`;
const PLAN = 'status-429-without-retry-after:op=event.list,call=1';

let emulator: EmulatorProcess;
let dir: string;

beforeAll(async () => {
  emulator = await startEmulatorProcess(['--profile', 'vendor-like'], { BANKING_EMULATOR_TOKEN: TOKEN });
  dir = mkdtempSync(join(tmpdir(), 'client-certificate-target-'));
});

afterAll(() => {
  emulator?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('client --target --certify: the predicate names the manifest by digest, its base URL, the aimed plan and the seed', async () => {
  const keys = writeKeyPair(dir, 'issuer');
  const artifact = join(dir, 'my-client.tgz');
  writeFileSync(artifact, 'the client as it is shipped\n');
  const shipped = JSON.parse(readFileSync(VENDOR_LIKE_MANIFEST_PATH, 'utf8')) as Record<string, unknown>;
  const manifest = join(dir, 'target.json');
  writeFileSync(manifest, JSON.stringify({ ...shipped, $schema: undefined, baseUrl: emulator.url }));
  const manifestSha256 = createHash('sha256').update(readFileSync(manifest)).digest('hex');
  const reports = join(dir, 'reports');
  const certify = ['--seed', '5', '--certify', '--signing-key', keys.privateKey, '--subject', artifact];
  const result = await runCli(targetClient(manifest, PLAN, reports, LISTS_EVENTS_ONCE, certify), { BANKING_EMULATOR_TOKEN: TOKEN });
  expect(result.code, result.stdout + result.stderr).toBe(0);
  const { predicate } = statementIn(readEnvelope(join(reports, 'certificate.intoto.jsonl')));
  expect(predicate.target).toMatchObject({ kind: 'manifest', baseUrl: emulator.url, manifestDigest: { sha256: manifestSha256 } });
  expect(predicate.client).toEqual({ plan: [PLAN], exit: { code: 0, signal: null } });
  expect(predicate.seed).toBe(5);
  expect(predicate.testResult?.configuration).toContainEqual({
    name: 'client judgement',
    annotations: { plan: PLAN, seed: '5', target: 'manifest', exit: '0' },
  });
}, 120_000);
