import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CertificateStatement } from '../../verdict/certification.ts';
import { runCli, type CliResult } from '../cli/cliProcess.ts';
import {
  expectRefused,
  expectValid,
  readEnvelope,
  type SignedCertificate,
  statementIn,
  TAMPER_CASES,
  writeKeyPair,
} from '../support/certificateTampering.ts';
import { LISTS_EVENTS_ONCE, unbentClient } from './oneLineClient.ts';

// Issue 52, item 3: `client --certify --signing-key KEY --subject FILE|NAME@sha256:HEX` writes the
// Statement `run --certify` writes, about the client's artifact, and `verify` checks it as it checks
// a run's: valid with its own key and files; another key, or an edited predicate, exit 1. A client
// that fails a MUST is not certified (exit 1, and verify says so), so the certificate can say no.

const dir = mkdtempSync(join(tmpdir(), 'client-certificate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const keys = writeKeyPair(dir, 'issuer');
const artifact = join(dir, 'my-client-1.2.0.tgz');
writeFileSync(artifact, 'the client as it is shipped\n');
const artifactSha256 = createHash('sha256').update(readFileSync(artifact)).digest('hex');
const IMAGE = `ghcr.io/you/your-client@sha256:${'ab'.repeat(32)}`;

/** A client that resends an event with no body (4.4 gives the body as an empty JSON object): a MUST FAIL. */
const BODILESS_RESEND = `${LISTS_EVENTS_ONCE} await (await fetch(process.env.BANKING_API_BASE_URL + '/events/1', { method: 'POST', headers: { authorization: 'Bearer ' + process.env.BANKING_API_TOKEN } })).text();`;

const certified = (reports: string, subject: string, script: string): Promise<CliResult> => {
  const [command, ...rest] = unbentClient(join(dir, reports), script);
  return runCli([command as string, '--certify', '--signing-key', keys.privateKey, '--subject', subject, ...rest]);
};

const statementOf = (reports: string): CertificateStatement => statementIn(readEnvelope(join(dir, reports, 'certificate.intoto.jsonl')));

const signed = (reports: string, subject: string): SignedCertificate => ({
  envelope: join(dir, reports, 'certificate.intoto.jsonl'),
  publicKey: keys.publicKey,
  subject,
  results: join(dir, reports, 'results.json'),
  evidence: join(dir, reports, 'evidence.har'),
});

const runs = {} as Record<'file' | 'image' | 'failing', CliResult>;
beforeAll(async () => {
  [runs.file, runs.image, runs.failing] = await Promise.all([
    certified('file', artifact, LISTS_EVENTS_ONCE),
    certified('image', IMAGE, LISTS_EVENTS_ONCE),
    certified('failing', artifact, BODILESS_RESEND),
  ]);
}, 120_000);

describe('client --certify', () => {
  test('a conformant client is certified, exit 0, the certificate signed', () => {
    expect(runs.file.code, runs.file.stdout + runs.file.stderr).toBe(0);
    expect(runs.file.stdout).toMatch(
      /^Certificate: \S+certificate\.json: CERTIFIED; valid until \d{4}-\d\d-\d\d; about my-client-1\.2\.0\.tgz sha256:/m,
    );
    expect(runs.file.stdout).toContain('Signed: ');
  });

  test("its subject is the file by the SHA-256 of its bytes, named by the file's name", () => {
    expect(statementOf('file').subject).toEqual([{ name: 'my-client-1.2.0.tgz', digest: { sha256: artifactSha256 } }]);
  });

  test('an image digest is the subject as given', () => {
    expect(runs.image.code, runs.image.stderr).toBe(0);
    expect(statementOf('image').subject).toEqual([{ name: 'ghcr.io/you/your-client', digest: { sha256: 'ab'.repeat(32) } }]);
  });

  test('the predicate says how it was judged: catalogue, plan, seed, target kind, outcomes, the command’s exit, as a test result', () => {
    const { predicate } = statementOf('file');
    expect(predicate.target).toMatchObject({ name: 'API client my-client-1.2.0.tgz', kind: 'embedded' });
    expect(predicate.client).toEqual({ plan: [], exit: { code: 0, signal: null } });
    expect(predicate.suite.catalogueHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(predicate.seed).toBe(0);
    expect(predicate.verdict).toBe('conformant');
    expect(predicate.requirements).toContainEqual({ id: 'CL-BEARER-EVERY-CALL', level: 'MUST', outcome: 'PASS' });
    expect(predicate.testResult?.result).toBe('PASSED');
    expect(predicate.testResult?.passedTests).toContain('CL-BEARER-EVERY-CALL');
    expect(predicate.testResult?.failedTests).toEqual([]);
    expect(predicate.testResult?.configuration).toContainEqual({
      name: 'client judgement',
      annotations: { plan: 'none', seed: '0', target: 'embedded', exit: '0' },
    });
  });

  test('verify: valid with its own key, the subject and the files it names, exit 0', async () => {
    await expectValid(signed('file', `sha256:${artifactSha256}`));
  });

  for (const name of ['another key', 'an edited predicate (one outcome changed)']) {
    test(`verify: ${name}, exit 1`, async () => {
      const tamper = TAMPER_CASES.find((entry) => entry.name === name);
      if (!tamper) throw new Error(`no tamper case ${name}`);
      await expectRefused(tamper, signed('file', `sha256:${artifactSha256}`), mkdtempSync(join(dir, 'scratch-')));
    });
  }

  test('a client that fails a MUST: not certified, exit 1, the failure named; verify refuses it, exit 1', async () => {
    expect(runs.failing.code, runs.failing.stderr).toBe(1);
    expect(runs.failing.stdout).toMatch(/^Certificate: \S+: NOT CERTIFIED \(CL-RESEND-EMPTY-OBJECT FAIL\)/m);
    const { predicate } = statementOf('failing');
    expect(predicate.testResult).toMatchObject({ result: 'FAILED', failedTests: ['CL-RESEND-EMPTY-OBJECT'] });
    const verify = await runCli(['verify', signed('failing', '').envelope, '--key', keys.publicKey]);
    expect(verify.code, verify.stdout + verify.stderr).toBe(1);
    expect(verify.stdout).toMatch(/^FAILED +certified: the run did not certify the target: CL-RESEND-EMPTY-OBJECT FAIL$/m);
  });
});
