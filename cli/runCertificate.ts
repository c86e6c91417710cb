import { createHash, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { JournalEntry } from '../harness/records/exchangeJournal.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { SetupError } from '../harness/records/setupError.ts';
import { CERTIFICATE_FILES, fileDigest, writeCertificate, writeEvidence } from '../report/certificateFiles.ts';
import {
  type CertificateStatement,
  DEFAULT_VALID_DAYS,
  describeSubjects,
  issueCertificate,
  type Sha256Digest,
} from '../verdict/certification.ts';
import { keyIdOf, readSigningKey, SIGNING_KEY_ENV } from '../verdict/certificateSigning.ts';
import type { ResultsDocument } from '../verdict/resultsDocument.ts';
import { targetManifestPath, type TargetRequest } from '../run/runTarget.ts';
import { EXIT } from './exitCodes.ts';
import { SUGGESTIONS } from './suggestions.ts';

// `run --certify`'s certificate, from the command line's side: before the run, the
// signing key and --valid-days are checked (a bad key is a setup error at once,
// never after minutes of judging) and the manifest is fingerprinted; after it, the
// evidence bundle, the Statement and its files are written (report/certificateFiles.ts).

export interface CertifyOptions extends TargetRequest {
  certify?: boolean;
  /** A file holding an Ed25519 private key in PKCS#8 PEM; or the file BANKING_CONFORMANCE_SIGNING_KEY names. */
  signingKey?: string;
  /** Days the certificate stays valid (default 90). */
  validDays?: string;
}

export interface CertificationSetup {
  signingKey?: KeyObject;
  validDays: number;
  manifestDigest: Sha256Digest;
}

const MAX_VALID_DAYS = 3650;

export function parseValidDays(text: string | undefined): number {
  if (text === undefined) return DEFAULT_VALID_DAYS;
  const days = Number(text);
  if (!/^\d+$/.test(text.trim()) || days < 1 || days > MAX_VALID_DAYS)
    throw new SetupError(`--valid-days must be a whole number of days from 1 to ${MAX_VALID_DAYS}; got '${text}'`);
  return days;
}

/** Checked before the run starts; undefined when the run does not certify. */
export function certificationSetup(options: CertifyOptions, env: NodeJS.ProcessEnv): CertificationSetup | undefined {
  if (!options.certify) {
    if (options.signingKey !== undefined || options.validDays !== undefined)
      throw new SetupError('--signing-key and --valid-days are for a certificate: add --certify');
    return undefined;
  }
  const validDays = parseValidDays(options.validDays);
  const keyFile = options.signingKey ?? (env[SIGNING_KEY_ENV] || undefined);
  const origin = options.signingKey !== undefined ? '--signing-key' : SIGNING_KEY_ENV;
  const signingKey = keyFile !== undefined ? readSigningKey(keyFile, origin) : undefined;
  const manifest = targetManifestPath(options);
  let manifestBytes: Buffer;
  try {
    manifestBytes = readFileSync(manifest);
  } catch (error) {
    throw new SetupError(`cannot read target manifest ${manifest}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return {
    ...(signingKey ? { signingKey } : {}),
    validDays,
    manifestDigest: { sha256: createHash('sha256').update(manifestBytes).digest('hex') },
  };
}

export interface CertifiedRun {
  document: ResultsDocument;
  exchanges: readonly JournalEntry[];
  /** results.json as written. */
  resultsPath: string;
  reportDir: string;
  version: string;
}

/** Writes the evidence bundle and the certificate; tells where and what; the run's exit code. */
export function certifyRun(setup: CertificationSetup, run: CertifiedRun, redactor: SecretRedactor, write: (text: string) => void): number {
  const { document } = run;
  const evidence = writeEvidence(run.reportDir, run.exchanges, run.version, redactor);
  return issueAndTell(
    issueCertificate(document.requirements, {
      target: document.target,
      suiteVersion: document.suiteVersion,
      catalogueHash: document.catalogueHash,
      seed: document.seed,
      manifestDigest: setup.manifestDigest,
      results: { name: 'results.json', digest: fileDigest(run.resultsPath) },
      evidence: { name: CERTIFICATE_FILES.evidence, digest: fileDigest(evidence) },
      validDays: setup.validDays,
    }),
    { reportDir: run.reportDir, evidence, ...(setup.signingKey ? { signingKey: setup.signingKey } : {}) },
    redactor,
    write,
  );
}

/**
 * Writes a Statement's files (signed with a key), tells where, what it certifies and how to verify
 * it; the exit code: 0 certified, 1 not. Every certificate, a run's or a client's, is written here.
 */
export function issueAndTell(
  statement: CertificateStatement,
  where: { reportDir: string; evidence: string; signingKey?: KeyObject },
  redactor: SecretRedactor,
  write: (text: string) => void,
): number {
  const { signingKey, evidence } = where;
  const paths = writeCertificate(where.reportDir, statement, signingKey, redactor);
  const { predicate } = statement;
  write(
    `Certificate: ${paths.statement}: ${predicate.certified ? 'CERTIFIED' : `NOT CERTIFIED (${predicate.blocking.map((entry) => `${entry.id} ${entry.outcome}`).join(', ')})`}; valid until ${predicate.expiresAt.slice(0, 10)}; about ${describeSubjects(statement.subject)}`,
  );
  write(
    paths.envelope && signingKey
      ? `Signed: ${paths.envelope} (Ed25519, key ${keyIdOf(signingKey).slice(0, 16)}…); check it with: ${SUGGESTIONS.verifyCertificate(paths.envelope)}`
      : `Not signed: no --signing-key (or ${SIGNING_KEY_ENV}) was given; ${paths.statement} is the Statement alone, ${paths.predicate} its predicate for actions/attest`,
  );
  write(`Certificate page: ${paths.html}, badge ${paths.badge}, evidence ${evidence}`);
  return predicate.certified ? EXIT.conformant : EXIT.nonConformant;
}
