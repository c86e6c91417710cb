import { createHash, type KeyObject } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { JournalEntry } from '../harness/records/exchangeJournal.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { SetupError } from '../harness/records/setupError.ts';
import { CERTIFICATE_FILES, fileDigest, writeEvidence } from '../report/certificateFiles.ts';
import { type CertificateSubject, type ClientJudged, issueClientCertificate } from '../verdict/certification.ts';
import { SIGNING_KEY_ENV } from '../verdict/certificateSigning.ts';
import type { ResultsDocument } from '../verdict/resultsDocument.ts';
import { issueAndTell, parseValidDays } from './runCertificate.ts';

// `client --certify`'s certificate, from the command line's side: before the client runs, the
// signing key, --valid-days and --subject are checked (a bad one is a setup error at once, never
// after the client has run); after it, the evidence, the Statement and its files, written and told
// as a run's are (cli/runCertificate.ts, verdict/certification.ts).

export interface ClientCertifyOptions {
  certify?: boolean;
  signingKey?: string;
  validDays?: string;
  /** The client's artifact: a file, or an image digest `name@sha256:<64 hex>`. */
  subject?: string;
  baseline?: string;
}

export interface ClientCertification {
  signingKey: KeyObject;
  validDays: number;
  subject: CertificateSubject;
}

const IMAGE_DIGEST = /^(?<name>[^@\s]+)@sha256:(?<hex>[0-9a-fA-F]{64})$/;
const BOTH_FORMS = "give your client's artifact, a file, or its image digest as name@sha256:<64 hex>";

/** A file's SHA-256, read a piece at a time: an artifact may be far larger than memory would like. */
function fileSha256(path: string): string {
  const hash = createHash('sha256');
  const piece = Buffer.alloc(1 << 20);
  const descriptor = openSync(path, 'r');
  try {
    for (let read = readSync(descriptor, piece); read > 0; read = readSync(descriptor, piece)) hash.update(piece.subarray(0, read));
  } finally {
    closeSync(descriptor);
  }
  return hash.digest('hex');
}

/** --subject: an image digest as given, or a file by the SHA-256 of its bytes, named by its file name. */
export function clientSubject(given: string): CertificateSubject {
  const image = IMAGE_DIGEST.exec(given)?.groups;
  if (image) return { name: image.name as string, digest: { sha256: (image.hex as string).toLowerCase() } };
  let isFile: boolean;
  try {
    isFile = statSync(given).isFile();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw new SetupError(`--subject ${given} is neither a readable file nor an image digest: ${BOTH_FORMS}`);
    throw new SetupError(`--subject ${given} cannot be read (${code ?? 'unreadable'}): ${BOTH_FORMS}`);
  }
  if (!isFile) throw new SetupError(`--subject ${given} is not a file: ${BOTH_FORMS}`);
  try {
    return { name: basename(given), digest: { sha256: fileSha256(given) } };
  } catch (error) {
    throw new SetupError(`--subject ${given} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}): ${BOTH_FORMS}`);
  }
}

/** A certificate's options, their texts checked and its subject's digest made; the key file is read last, with the other files. */
export interface CertificationTexts {
  keyFile: string;
  /** How the key file was named: `--signing-key`, or the variable that named it. */
  keyNamed: string;
  validDays: number;
  subject: CertificateSubject;
}

/** Checked before the client runs, the key file not read yet; undefined when the command does not certify. */
export function certificationTexts(options: ClientCertifyOptions, env: NodeJS.ProcessEnv): CertificationTexts | undefined {
  if (!options.certify) {
    const given = (
      [
        ['--subject', options.subject],
        ['--signing-key', options.signingKey],
        ['--valid-days', options.validDays],
      ] as const
    ).filter(([, value]) => value !== undefined);
    if (given.length > 0)
      throw new SetupError(
        `${given.map(([option]) => option).join(' and ')} ${given.length > 1 ? 'are' : 'is'} for a certificate: add --certify`,
      );
    return undefined;
  }
  if (options.baseline !== undefined)
    throw new SetupError('--certify judges the client with no baseline: drop --baseline (known failures are not certified)');
  const keyFile = options.signingKey ?? (env[SIGNING_KEY_ENV] || undefined);
  if (keyFile === undefined)
    throw new SetupError(`--certify needs --signing-key FILE (or ${SIGNING_KEY_ENV}): a client's certificate is always signed`);
  if (options.subject === undefined) throw new SetupError(`--certify needs --subject: what the certificate is about; ${BOTH_FORMS}`);
  const keyNamed = options.signingKey !== undefined ? '--signing-key' : SIGNING_KEY_ENV;
  return { keyFile, keyNamed, validDays: parseValidDays(options.validDays), subject: clientSubject(options.subject) };
}

export interface CertifiedClient {
  document: ResultsDocument;
  exchanges: readonly JournalEntry[];
  client: ClientJudged;
  /** The manifest whose target the client called through the proxy (client --target); absent for the embedded emulator. */
  manifestPath?: string;
  /** results.json as written. */
  resultsPath: string;
  reportDir: string;
  version: string;
}

/** Writes the evidence bundle and the signed certificate of the client; tells where and what; the exit code. */
export function certifyClient(
  setup: ClientCertification,
  run: CertifiedClient,
  redactor: SecretRedactor,
  write: (text: string) => void,
): number {
  const { document } = run;
  const evidence = writeEvidence(run.reportDir, run.exchanges, run.version, redactor);
  const statement = issueClientCertificate(document.requirements, {
    subject: setup.subject,
    target: {
      kind: run.manifestPath === undefined ? 'embedded' : 'manifest',
      ...(run.manifestPath === undefined ? {} : { manifestDigest: fileDigest(run.manifestPath) }),
      baseUrl: document.target.baseUrl,
      environment: document.target.environment,
      capabilities: [...document.target.capabilities],
    },
    client: run.client,
    suiteVersion: document.suiteVersion,
    catalogueHash: document.catalogueHash,
    seed: document.seed,
    results: { name: 'results.json', digest: fileDigest(run.resultsPath) },
    evidence: { name: CERTIFICATE_FILES.evidence, digest: fileDigest(evidence) },
    validDays: setup.validDays,
  });
  return issueAndTell(statement, { reportDir: run.reportDir, evidence, signingKey: setup.signingKey }, redactor, write);
}
