import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { suiteVersion } from '../../contract/catalogue/suiteVersion.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { CERTIFICATE_FILES, fileDigest, writeCertificate } from '../../report/certificateFiles.ts';
import { catalogueHash } from '../../verdict/catalogueHash.ts';
import { type CertificateStatement, issueCertificate } from '../../verdict/certification.ts';
import { preAuthEncoding, signEnvelope } from '../../verdict/certificateSigning.ts';
import { requirementResult } from '../support/requirementEntry.ts';
import {
  expectRefused,
  expectValid,
  failedLines,
  readEnvelope,
  type SignedCertificate,
  statementIn,
  TAMPER_CASES,
  verifyArgs,
  writeKeyPair,
} from '../support/certificateTampering.ts';
import { runCli } from './cliProcess.ts';

// `verify CERT --key PUBLIC.pem`, on a certificate signed here as `run --certify
// --signing-key` signs one (report/certificateFiles.ts): valid with its own key and
// files; each forgery or misuse refused with one FAILED line of its own and exit 1;
// input that is no certificate at all refused in one line with exit 2.

const scratch = mkdtempSync(join(tmpdir(), 'bac-verify-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const requirements = [
  requirementResult('PP-RULE-CREATE', 'MUST', 'PASS'),
  requirementResult('WH-LIST-ORDER', 'SHOULD', 'PASS'),
  requirementResult('EV-LIST', 'OBSERVE', 'OBSERVED'),
];

/** A report directory as `run --certify` leaves it: results.json, evidence.har and the certificate, signed with `key`. */
function certifiedDir(name: string, key: string, edit: (statement: CertificateStatement) => void = () => {}): string {
  const dir = join(scratch, name);
  const redactor = new SecretRedactor();
  const results = join(dir, 'results.json');
  const evidence = join(dir, CERTIFICATE_FILES.evidence);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    results,
    `${JSON.stringify({ verdict: 'conformant', requirements: requirements.map(({ id, outcome }) => ({ id, outcome })) }, null, 2)}\n`,
  );
  writeFileSync(evidence, `${JSON.stringify({ log: { version: '1.2', entries: [] } })}\n`);
  const statement = issueCertificate(requirements, {
    ...dummyContext(),
    results: { name: 'results.json', digest: fileDigest(results) },
    evidence: { name: CERTIFICATE_FILES.evidence, digest: fileDigest(evidence) },
  });
  edit(statement);
  writeCertificate(dir, statement, createPrivateKey(readFileSync(key)), redactor);
  return dir;
}

const digest = (char: string) => ({ sha256: char.repeat(64) });
const dummyContext = () => ({
  target: { name: 'vendor emulator', baseUrl: 'http://127.0.0.1:8080', environment: 'sandbox' as const, capabilities: ['core'] },
  suiteVersion: suiteVersion(),
  catalogueHash: catalogueHash(),
  seed: 42,
  manifestDigest: digest('a'),
  results: { name: 'results.json', digest: digest('b') },
  evidence: { name: CERTIFICATE_FILES.evidence, digest: digest('c') },
});

const keys = writeKeyPair(scratch, 'issuer');
const dir = certifiedDir('certified', keys.privateKey);
const certificate: SignedCertificate = {
  envelope: join(dir, CERTIFICATE_FILES.envelope),
  publicKey: keys.publicKey,
  subject: `sha256:${'a'.repeat(64)}`,
  results: join(dir, 'results.json'),
  evidence: join(dir, CERTIFICATE_FILES.evidence),
};

describe('a certificate the suite signed', () => {
  test('is valid with its key, its subject, its results and its evidence: one ok line per check, then VALID; exit 0', async () => {
    const run = await expectValid(certificate);
    expect(run.stdout).toContain('ok      signature: DSSE envelope (application/vnd.in-toto+json) signed with Ed25519 by');
    expect(run.stdout).toMatch(
      /^VALID: vendor emulator \(http:\/\/127\.0\.0\.1:8080 sha256:a{64}\) certified by banking-api-conformance \S+ on \d{4}-\d\d-\d\d, valid until/m,
    );
    expect(run.stderr).toBe('');
  });

  test('is a DSSE envelope over an in-toto Statement v1, signed over DSSEv1 PAE', () => {
    const envelope = readEnvelope(certificate.envelope);
    expect(envelope.payloadType).toBe('application/vnd.in-toto+json');
    expect(statementIn(envelope)._type).toBe('https://in-toto.io/Statement/v1');
    // The PAE of the DSSE protocol, byte for byte: lengths are of the UTF-8 bytes.
    expect(preAuthEncoding('t/é', Buffer.from('body')).toString('utf8')).toBe('DSSEv1 4 t/é 4 body');
    // What is signed is what certificate.json holds.
    expect(Buffer.from(envelope.payload, 'base64').toString('utf8')).toBe(
      readFileSync(join(dir, CERTIFICATE_FILES.statement), 'utf8').trimEnd(),
    );
  });

  test.each(TAMPER_CASES)('$name: refused with its own line and exit 1', (tamper) => expectRefused(tamper, certificate, scratch));

  test('evidence that is not the certified bundle: refused on the evidence line', async () => {
    const other = join(scratch, 'evidence.har');
    writeFileSync(other, '{"log":{"version":"1.2","entries":[{}]}}\n');
    const run = await runCli(verifyArgs(certificate).map((arg) => (arg === certificate.evidence ? other : arg)));
    expect(run.code).toBe(1);
    expect(failedLines(run)).toEqual([expect.stringMatching(/^FAILED +evidence: .* is not the certified evidence\.har/)]);
  });

  test('the unsigned Statement (certificate.json) is refused: nothing vouches for it', async () => {
    const run = await runCli(['verify', join(dir, CERTIFICATE_FILES.statement), '--key', keys.publicKey]);
    expect(run.code).toBe(1);
    expect(failedLines(run)).toEqual([expect.stringMatching(/^FAILED +signature: certificate\.json is the Statement alone, unsigned/)]);
  });

  test('a certificate of an older suite is "issued by an older suite", never valid', async () => {
    const older = certifiedDir('older', keys.privateKey, (statement) => {
      statement.predicate.suite.version = '0.0.9';
    });
    const run = await runCli(['verify', join(older, CERTIFICATE_FILES.envelope), '--key', keys.publicKey]);
    expect(run.code).toBe(1);
    expect(failedLines(run)).toEqual([
      expect.stringMatching(
        /^FAILED +suite: issued by an older suite: banking-api-conformance 0\.0\.9 \(this is \S+, a newer major version\)/,
      ),
    ]);
  });

  test('a signed Statement whose predicate breaks its schema is refused on the predicate line, and nothing else breaks', async () => {
    // Signed by hand: the suite's own writer never gets such a Statement.
    const statement = statementIn(readEnvelope(certificate.envelope));
    delete (statement.predicate as Partial<CertificateStatement['predicate']>).seed;
    statement.subject.push({ name: 'no digest' } as CertificateStatement['subject'][number]);
    const broken = join(scratch, 'broken.intoto.jsonl');
    const envelope = signEnvelope(
      Buffer.from(JSON.stringify(statement)),
      'application/vnd.in-toto+json',
      createPrivateKey(readFileSync(keys.privateKey)),
    );
    writeFileSync(broken, `${JSON.stringify(envelope)}\n`);
    const run = await runCli(['verify', broken, '--key', keys.publicKey]);
    expect(run.code, run.stderr).toBe(1);
    expect(failedLines(run)).toEqual([
      expect.stringMatching(/^FAILED +predicate: not valid against certificate-predicate\.schema\.json: .*seed/),
    ]);
  });

  test('a certificate that does not certify is genuine but not valid: the certified line names what blocks it', async () => {
    const refused = certifiedDir('refused', keys.privateKey, (statement) => {
      statement.predicate.certified = false;
      statement.predicate.blocking = [{ id: 'PP-RULE-CREATE', level: 'MUST', outcome: 'FAIL', reason: 'x' }];
    });
    const run = await runCli(['verify', join(refused, CERTIFICATE_FILES.envelope), '--key', keys.publicKey]);
    expect(run.code).toBe(1);
    expect(failedLines(run)).toEqual([
      expect.stringMatching(/^FAILED +certified: the run did not certify the target: PP-RULE-CREATE FAIL$/),
    ]);
  });
});

describe('input that is no certificate: exit 2 in one line', () => {
  const otherType = join(scratch, 'other-type.jsonl');
  const { privateKey } = generateKeyPairSync('ed25519');
  writeFileSync(otherType, `${JSON.stringify(signEnvelope(Buffer.from('{"a":1}'), 'application/vnd.example+json', privateKey))}\n`);
  const notJson = join(scratch, 'not.json');
  writeFileSync(notJson, 'certified, honest\n');
  const cases: Array<[string, string[], RegExp]> = [
    [
      'a missing file',
      ['verify', join(scratch, 'missing.jsonl'), '--key', keys.publicKey],
      /missing\.jsonl .*ENOENT|missing\.jsonl does not exist/,
    ],
    ['a file that is not JSON', ['verify', notJson, '--key', keys.publicKey], /not\.json is not JSON: expected a DSSE envelope/],
    [
      'a DSSE envelope of another payload type',
      ['verify', otherType, '--key', keys.publicKey],
      /is a DSSE envelope of payload type "application\/vnd\.example\+json", not an in-toto Statement \(application\/vnd\.in-toto\+json\)/,
    ],
    [
      'a private key given as the public key',
      ['verify', certificate.envelope, '--key', keys.privateKey],
      /issuer\.pem is a private key: give verify the public key/,
    ],
    [
      'a --subject that is no digest',
      ['verify', certificate.envelope, '--key', keys.publicKey, '--subject', 'latest'],
      /--subject latest is not a SHA-256 digest/,
    ],
    ['no --key', ['verify', certificate.envelope], /required option '--key <file>' not specified/],
  ];
  test.each(cases)('%s', async (_name, args, says) => {
    const run = await runCli(args);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(says);
  });
});
