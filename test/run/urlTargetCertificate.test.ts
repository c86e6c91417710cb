import { createHash, createPrivateKey } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { certificateOf } from '../../action/githubStep.ts';
import { type Emulator, startEmulator } from '../../emulator/emulator.ts';
import { schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';
import type { CertificateStatement } from '../../verdict/certification.ts';
import { type CliResult, PROJECT_ROOT, runCli } from '../cli/cliProcess.ts';
import { expectValid, readEnvelope, statementIn, writeKeyPair } from '../support/certificateTampering.ts';
import { runArtefacts, scanForSecrets } from '../support/secretScan.ts';

// A certificate of a URL target: an emulator already running, described by a manifest,
// certified with `run --certify --target FILE --signing-key KEY`. Its subject is the
// manifest, by SHA-256, named by the base URL; `verify` finds it valid with that digest,
// the results and the evidence; the predicate the GitHub Action hands to actions/attest is
// the Statement's, valid against the published schema; and the signing key is nowhere in
// what the run printed or wrote (the secrets scan over the report directory).

const scratch = mkdtempSync(join(tmpdir(), 'bac-url-certificate-'));
const reportDir = join(scratch, 'reports');
const manifest = join(scratch, 'target.json');
const keys = writeKeyPair(scratch, 'signing-key');
let emulator: Emulator;
let run: CliResult;
let manifestDigest: string;

beforeAll(async () => {
  emulator = await startEmulator();
  const reference = JSON.parse(readFileSync(join(PROJECT_ROOT, 'targets/emulator.json'), 'utf8'));
  delete reference.$schema;
  writeFileSync(manifest, JSON.stringify({ ...reference, name: 'emulator at a URL', baseUrl: emulator.url() }, null, 2));
  manifestDigest = createHash('sha256').update(readFileSync(manifest)).digest('hex');
  run = await runCli([
    'run',
    '--certify',
    '--target',
    manifest,
    '--signing-key',
    keys.privateKey,
    '--seed',
    '5',
    '--report-dir',
    reportDir,
  ]);
}, 240_000);
afterAll(async () => {
  await emulator?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const statement = (): CertificateStatement => JSON.parse(readFileSync(join(reportDir, 'certificate.json'), 'utf8'));

test('certified, signed, and about the manifest by its SHA-256, named by the base URL', () => {
  expect(run.code, run.stdout.slice(-3000) + run.stderr).toBe(0);
  expect(statement().subject).toEqual([{ name: emulator.url(), digest: { sha256: manifestDigest } }]);
  expect(statement().predicate.target.manifestDigest).toEqual({ sha256: manifestDigest });
  expect(run.stdout).toContain(`Certificate: ${join(reportDir, 'certificate.json')}: CERTIFIED; valid until `);
  expect(run.stdout).toMatch(/^Signed: \S+certificate\.intoto\.jsonl \(Ed25519, key [0-9a-f]{16}…\)/m);
  // What was signed is what certificate.json holds.
  expect(statementIn(readEnvelope(join(reportDir, 'certificate.intoto.jsonl')))).toEqual(statement());
});

test('verify: valid with the manifest digest as the subject, the results and the evidence', async () => {
  await expectValid({
    envelope: join(reportDir, 'certificate.intoto.jsonl'),
    publicKey: keys.publicKey,
    subject: `sha256:${manifestDigest}`,
    results: join(reportDir, 'results.json'),
    evidence: join(reportDir, 'evidence.har'),
  });
});

test("the predicate for actions/attest is the Statement's, valid against the published schema; the action outputs name it and the subject", () => {
  const predicate = JSON.parse(readFileSync(join(reportDir, 'certificate.predicate.json'), 'utf8'));
  expect(predicate).toEqual(statement().predicate);
  expect(schemaRegistry().validate('harness/certificate-predicate', predicate).violations).toEqual([]);
  expect(predicate.requirements.length).toBeGreaterThan(100);
  expect(predicate.evidence.name).toBe('evidence.har');
  expect(JSON.parse(readFileSync(join(reportDir, 'evidence.har'), 'utf8')).log.entries.length).toBeGreaterThan(1000);
  expect(certificateOf(reportDir, join(reportDir, 'results.json'))).toEqual({
    statement: join(reportDir, 'certificate.json'),
    predicate: join(reportDir, 'certificate.predicate.json'),
    subjectName: emulator.url(),
    subjectDigest: `sha256:${manifestDigest}`,
  });
  // A certificate an earlier run left beside another results.json is not this run's: no outputs.
  const later = join(scratch, 'later-results.json');
  writeFileSync(later, '{}\n');
  expect(certificateOf(reportDir, later)).toBeUndefined();
});

test('the signing key appears in no file the run wrote, nor in its output', () => {
  const pem = readFileSync(keys.privateKey, 'utf8');
  const body = pem.split('\n').filter((line) => line && !line.startsWith('-----'));
  const seed = Buffer.from(createPrivateKey(pem).export({ format: 'jwk' }).d as string, 'base64url');
  const needles = {
    'the key file': pem.trim(),
    'its base64 (PKCS#8 DER)': body.join(''),
    ...Object.fromEntries(body.map((line, i) => [`line ${i + 1} of its PEM`, line])),
    'the private key, hex': seed.toString('hex'),
    'the private key, base64': seed.toString('base64').replace(/=+$/, ''),
    'the private key, base64url': seed.toString('base64url'),
    "the key file's path": keys.privateKey,
  };
  const artefacts = runArtefacts(reportDir, run);
  expect(artefacts.map((artefact) => artefact.name)).toEqual(
    expect.arrayContaining([
      'certificate.json',
      'certificate.intoto.jsonl',
      'certificate.html',
      'certificate-badge.svg',
      'evidence.har',
      'results.json',
    ]),
  );
  const { leaks, totals } = scanForSecrets(artefacts, needles);
  expect(Object.values(totals).length).toBeGreaterThan(5);
  expect(leaks).toEqual([]);
  expect(existsSync(join(reportDir, 'evidence.har'))).toBe(true);
});
