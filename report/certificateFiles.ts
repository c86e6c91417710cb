import { createHash, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JournalEntry } from '../harness/records/exchangeJournal.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import type { CertificateStatement, Sha256Digest } from '../verdict/certification.ts';
import { IN_TOTO_PAYLOAD_TYPE, keyIdOf, signEnvelope } from '../verdict/certificateSigning.ts';
import { certificateBadge } from './certificateBadge.ts';
import { writeHar } from './harWriter.ts';
import { certificatePage } from './html/certificatePage.ts';

// What `run --certify` writes beside the reports, every file from the one Statement:
//   certificate.json            the in-toto Statement, unsigned
//   certificate.predicate.json  its predicate alone (actions/attest's predicate-path)
//   certificate.intoto.jsonl    the Statement in a DSSE envelope signed with Ed25519 (with a signing key)
//   certificate.html            the page a person reads
//   certificate-badge.svg       the badge
// and evidence.har, the run's redacted exchanges, which the Statement names by digest.
// The Statement is redacted before it is signed: what is signed is what is written.

export const CERTIFICATE_FILES = {
  statement: 'certificate.json',
  predicate: 'certificate.predicate.json',
  envelope: 'certificate.intoto.jsonl',
  html: 'certificate.html',
  badge: 'certificate-badge.svg',
  evidence: 'evidence.har',
} as const;

export interface CertificatePaths {
  statement: string;
  predicate: string;
  /** Present when the Statement was signed. */
  envelope?: string;
  html: string;
  badge: string;
}

export function fileDigest(path: string): Sha256Digest {
  return { sha256: createHash('sha256').update(readFileSync(path)).digest('hex') };
}

/** The evidence bundle: every exchange of the run as HAR 1.2, redacted as the --har file is. */
export function writeEvidence(dir: string, exchanges: readonly JournalEntry[], version: string, redactor: SecretRedactor): string {
  return writeHar(join(dir, CERTIFICATE_FILES.evidence), exchanges, version, redactor);
}

/** Writes the certificate's files; signs the Statement when given a key (and removes an envelope an earlier run left otherwise). */
export function writeCertificate(
  dir: string,
  statement: CertificateStatement,
  signingKey: KeyObject | undefined,
  redactor: SecretRedactor,
): CertificatePaths {
  mkdirSync(dir, { recursive: true });
  const text = redactor.text(JSON.stringify(statement, null, 2));
  const written = JSON.parse(text) as CertificateStatement;
  const path = (file: keyof typeof CERTIFICATE_FILES): string => join(dir, CERTIFICATE_FILES[file]);
  const paths: CertificatePaths = { statement: path('statement'), predicate: path('predicate'), html: path('html'), badge: path('badge') };
  writeFileSync(paths.statement, `${text}\n`);
  writeFileSync(paths.predicate, `${JSON.stringify(written.predicate, null, 2)}\n`);
  if (signingKey) {
    paths.envelope = path('envelope');
    writeFileSync(paths.envelope, `${JSON.stringify(signEnvelope(Buffer.from(text, 'utf8'), IN_TOTO_PAYLOAD_TYPE, signingKey))}\n`);
  } else {
    rmSync(path('envelope'), { force: true });
  }
  writeFileSync(paths.html, certificatePage(written, signingKey ? { keyid: keyIdOf(signingKey) } : undefined));
  writeFileSync(paths.badge, certificateBadge(written));
  return paths;
}
