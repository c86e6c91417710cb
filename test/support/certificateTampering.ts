import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { CertificateStatement } from '../../verdict/certification.ts';
import type { CheckName } from '../../verdict/certificateVerification.ts';
import type { DsseEnvelope } from '../../verdict/certificateSigning.ts';
import { type CliResult, runCli } from '../cli/cliProcess.ts';

// A signed certificate and the ways to forge or misuse one, each of which `verify`
// must refuse with exit 1 and one FAILED line of its own: an edited predicate,
// another key, an expired certificate, results that are not the certified ones, a
// subject that differs. test/cli/verifyCertificate.test.ts runs them on a certificate
// it signs itself; test/distribution/images/emulatorImageCertified.test.ts on the certificate
// of the reference emulator's image.

export interface SignedCertificate {
  /** certificate.intoto.jsonl */
  envelope: string;
  /** The public key of the key that signed it (PEM). */
  publicKey: string;
  /** A subject it is about, sha256:HEX. */
  subject: string;
  results: string;
  evidence: string;
}

/** A fresh Ed25519 key pair written as `name.pem` (PKCS#8) and `name.pub.pem` (SPKI) in `dir`. */
export function writeKeyPair(dir: string, name: string): { privateKey: string; publicKey: string } {
  const pair = generateKeyPairSync('ed25519');
  const privateKey = join(dir, `${name}.pem`);
  const publicKey = join(dir, `${name}.pub.pem`);
  writeFileSync(privateKey, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  writeFileSync(publicKey, pair.publicKey.export({ type: 'spki', format: 'pem' }));
  return { privateKey, publicKey };
}

export const readEnvelope = (file: string): DsseEnvelope => JSON.parse(readFileSync(file, 'utf8').trim()) as DsseEnvelope;
export const statementIn = (envelope: DsseEnvelope): CertificateStatement =>
  JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8')) as CertificateStatement;

/** `verify` with the certificate's own key and every file it names: the valid baseline. */
export const verifyArgs = (certificate: SignedCertificate, envelope = certificate.envelope): string[] => [
  'verify',
  envelope,
  '--key',
  certificate.publicKey,
  '--subject',
  certificate.subject,
  '--results',
  certificate.results,
  '--evidence',
  certificate.evidence,
];

export interface TamperCase {
  name: string;
  /** The one check that must fail. */
  check: CheckName;
  /** What its line says. */
  says: RegExp;
  /** The verify arguments, given the certificate and a scratch folder to write forgeries in. */
  args(certificate: SignedCertificate, scratch: string): string[];
}

const replace = (args: string[], option: string, value: string): string[] => args.map((arg, i) => (args[i - 1] === option ? value : arg));

export const TAMPER_CASES: readonly TamperCase[] = [
  {
    name: 'an edited predicate (one outcome changed)',
    check: 'signature',
    says: /the Statement was changed after it was signed/,
    args(certificate, scratch) {
      const envelope = readEnvelope(certificate.envelope);
      const statement = statementIn(envelope);
      const requirement = statement.predicate.requirements.find((entry) => entry.outcome === 'PASS');
      if (!requirement) throw new Error('the certificate has no PASS to edit');
      requirement.outcome = 'WARN';
      const edited = join(scratch, 'edited.intoto.jsonl');
      writeFileSync(
        edited,
        `${JSON.stringify({ ...envelope, payload: Buffer.from(JSON.stringify(statement, null, 2)).toString('base64') })}\n`,
      );
      return verifyArgs(certificate, edited);
    },
  },
  {
    name: 'another key',
    check: 'signature',
    says: /signed by another key \(keyid [0-9a-f]{16}…\), not by /,
    args(certificate, scratch) {
      return replace(verifyArgs(certificate), '--key', writeKeyPair(scratch, 'another').publicKey);
    },
  },
  {
    name: 'an expired certificate (the clock moved past its expiry)',
    check: 'expiry',
    says: /expired on \S+, 1 day\(s\) ago as of .* \(--at\): certify again/,
    args(certificate) {
      const { expiresAt } = statementIn(readEnvelope(certificate.envelope)).predicate;
      return [...verifyArgs(certificate), '--at', new Date(Date.parse(expiresAt) + 86_400_000).toISOString()];
    },
  },
  {
    name: 'a results file that is not the certified one',
    check: 'results',
    says: /is not the certified results\.json: its SHA-256 is [0-9a-f]{64}, the certificate names [0-9a-f]{64}/,
    args(certificate, scratch) {
      const other = join(scratch, 'results.json');
      writeFileSync(other, readFileSync(certificate.results, 'utf8').replace('"PASS"', '"FAIL"'));
      return replace(verifyArgs(certificate), '--results', other);
    },
  },
  {
    name: 'a subject digest that differs',
    check: 'subject',
    says: /sha256:[0-9a-f]{64} is not what this certificate is about: it names /,
    args(certificate) {
      return replace(verifyArgs(certificate), '--subject', `sha256:${randomBytes(32).toString('hex')}`);
    },
  },
];

/** The lines of a verify run that report a check as failed. */
export const failedLines = (run: CliResult): string[] => run.stdout.split('\n').filter((line) => line.startsWith('FAILED'));

/** Runs a case and holds it to its one line and exit 1. */
export async function expectRefused(tamper: TamperCase, certificate: SignedCertificate, scratch: string): Promise<void> {
  const run = await runCli(tamper.args(certificate, scratch));
  expect(run.code, run.stdout + run.stderr).toBe(1);
  const failed = failedLines(run);
  expect(failed, run.stdout).toHaveLength(1);
  expect(failed[0]).toMatch(new RegExp(`^FAILED +${tamper.check}: `));
  expect(failed[0]).toMatch(tamper.says);
  expect(run.stdout.trim().split('\n').at(-1)).toBe(`INVALID: 1 of 8 checks failed (${tamper.check})`);
}

/** Runs the valid baseline: every check ok, exit 0. */
export async function expectValid(certificate: SignedCertificate): Promise<CliResult> {
  const run = await runCli(verifyArgs(certificate));
  expect(run.code, run.stdout + run.stderr).toBe(0);
  const lines = run.stdout.trim().split('\n');
  expect(lines.slice(0, -1).map((line) => /^ok +(\w+): /.exec(line)?.[1] ?? line)).toEqual([
    'signature',
    'predicate',
    'expiry',
    'subject',
    'results',
    'evidence',
    'suite',
    'certified',
  ]);
  expect(lines.at(-1)).toMatch(/^VALID: /);
  return run;
}
