import { suiteVersion } from '../contract/catalogue/suiteVersion.ts';
import { SetupError } from '../harness/records/setupError.ts';
import { catalogueHash } from '../verdict/catalogueHash.ts';
import { describeSubjects } from '../verdict/certification.ts';
import { readPublicKey } from '../verdict/certificateSigning.ts';
import { type VerificationCheck, verifyCertificate } from '../verdict/certificateVerification.ts';
import { EXIT } from './exitCodes.ts';
import { OPTION_WORDS } from './commandLineText.ts';

// `banking-api-conformance verify CERT --key PUBLIC.pem [--subject DIGEST]
// [--results FILE] [--evidence FILE] [--at DATE]`: one line per check, in order,
// then the verdict. Exit 0 valid, 1 invalid, 2 unreadable (a missing or non-JSON
// file, an envelope of another payload type, a key that is no Ed25519 public key):
// that one is a setup error, one line. Nothing is fetched: it works offline.

export interface VerifyOptions {
  key: string;
  subject?: string;
  results?: string;
  evidence?: string;
  /** Check as of this date (ISO 8601) instead of now. */
  at?: string;
}

const MARK: Record<VerificationCheck['status'], string> = { ok: 'ok     ', failed: 'FAILED ', 'not checked': 'skipped' };

function parseDate(text: string): Date {
  const date = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(date.getTime()))
    throw new SetupError(`--at must be a date or time in ISO 8601 (2026-12-31 or 2026-12-31T12:00:00Z); got '${text}'`);
  return date;
}

export function verifyCommand(certificate: string, options: VerifyOptions, write: (text: string) => void): number {
  const at = options.at !== undefined ? parseDate(options.at) : undefined;
  const verification = verifyCertificate(
    {
      certificate,
      publicKey: readPublicKey(options.key, OPTION_WORDS.key),
      keyFile: options.key,
      ...(options.subject !== undefined ? { subject: options.subject } : {}),
      ...(options.results !== undefined ? { results: options.results } : {}),
      ...(options.evidence !== undefined ? { evidence: options.evidence } : {}),
      ...(at ? { at } : {}),
      optionWords: OPTION_WORDS,
    },
    { version: suiteVersion(), catalogueHash: catalogueHash() },
  );
  for (const check of verification.checks) write(`${MARK[check.status]} ${check.name}: ${check.detail}`);
  const { predicate, subject } = verification.statement;
  const failed = verification.checks.filter((check) => check.status === 'failed');
  write(
    verification.valid
      ? `VALID: ${predicate.target.name} (${describeSubjects(subject)}) certified by ${predicate.suite.name} ${predicate.suite.version} on ${predicate.issuedAt.slice(0, 10)}, valid until ${predicate.expiresAt.slice(0, 10)}`
      : `INVALID: ${failed.length} of ${verification.checks.length} checks failed (${failed.map((check) => check.name).join(', ')})`,
  );
  return verification.valid ? EXIT.conformant : EXIT.nonConformant;
}
