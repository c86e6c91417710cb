import { createHash, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { schemaRegistry, violationsText } from '../contract/catalogue/schemaRegistry.ts';
import { SetupError } from '../harness/records/setupError.ts';
import type { OptionWords } from '../harness/records/optionWords.ts';
import {
  type CertificateStatement,
  type CertificateSubject,
  describeSubjects,
  PREDICATE_TYPE,
  STATEMENT_TYPE,
  SUITE_NAME,
  versionLine,
} from './certification.ts';
import { checkSignature, type DsseEnvelope, IN_TOTO_PAYLOAD_TYPE } from './certificateSigning.ts';

// `verify CERT --key PUBLIC.pem`: whether a certificate is the one the suite
// issued, checked offline, in order: the envelope and its signature, the predicate
// against its schema, the expiry, the subject, the files it names, the suite that
// issued it, and that it certifies. Each check is one finding; any failed one makes
// the certificate invalid. A file that cannot be read as a certificate at all (or a
// key, results or evidence file that cannot be read) is a setup error instead.

export type CheckName = 'signature' | 'predicate' | 'expiry' | 'subject' | 'results' | 'evidence' | 'suite' | 'certified';

export interface VerificationCheck {
  name: CheckName;
  status: 'ok' | 'failed' | 'not checked';
  detail: string;
}

export interface Verification {
  statement: CertificateStatement;
  checks: VerificationCheck[];
  valid: boolean;
}

export interface VerifyRequest {
  certificate: string;
  publicKey: KeyObject;
  /** The public key's file, as the lines name it. */
  keyFile: string;
  /** `sha256:HEX` (or `name@sha256:HEX`, or HEX): the subject the certificate must be about. */
  subject?: string;
  results?: string;
  evidence?: string;
  /** The date the certificate is checked at (default now). */
  at?: Date;
  /** verify's options, as its lines name them (cli/commandLineText.ts). */
  optionWords: Pick<OptionWords, 'subject' | 'at' | 'results' | 'evidence'>;
}

/** What this suite is: a certificate is checked against it. */
export interface KnownSuite {
  version: string;
  catalogueHash: string;
}

const EXPECTED = `a DSSE envelope of an in-toto Statement (certificate.intoto.jsonl) or the Statement alone (certificate.json)`;

interface ReadCertificate {
  statement: CertificateStatement;
  envelope?: DsseEnvelope;
}

/** The file's bytes, or a setup error naming it: missing, a directory, unreadable. */
function readBytes(file: string, what: string): Buffer {
  if (!existsSync(file)) throw new SetupError(`${what} ${file} does not exist`);
  try {
    if (statSync(file).isDirectory()) throw new SetupError(`${what} ${file} is a directory, not a file`);
    return readFileSync(file);
  } catch (error) {
    if (error instanceof SetupError) throw error;
    throw new SetupError(`cannot read ${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

function assertReadable(file: string, what: string): void {
  if (!existsSync(file)) throw new SetupError(`${what} ${file} does not exist`);
  if (statSync(file).isDirectory()) throw new SetupError(`${what} ${file} is a directory, not a file`);
}

/** The JSON values of a file: one document, or JSON Lines (a DSSE bundle file). */
function jsonValues(text: string, file: string): unknown[] {
  try {
    return [JSON.parse(text)];
  } catch {
    try {
      return text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as unknown);
    } catch {
      throw new SetupError(`certificate ${file} is not JSON: expected ${EXPECTED}`);
    }
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function isEnvelope(value: unknown): value is DsseEnvelope {
  return (
    isObject(value) &&
    typeof value.payload === 'string' &&
    typeof value.payloadType === 'string' &&
    Array.isArray(value.signatures) &&
    value.signatures.every((signature) => isObject(signature) && typeof signature.sig === 'string')
  );
}

/** The Statement of a certificate file, or a setup error saying what the file is instead. */
function statementOf(value: unknown, file: string): CertificateStatement {
  if (!isObject(value) || value._type === undefined)
    throw new SetupError(`certificate ${file} holds JSON that is neither a DSSE envelope nor an in-toto Statement: expected ${EXPECTED}`);
  if (value._type !== STATEMENT_TYPE)
    throw new SetupError(`certificate ${file} is a Statement of type ${JSON.stringify(value._type)}, not ${STATEMENT_TYPE}`);
  if (value.predicateType !== PREDICATE_TYPE)
    throw new SetupError(
      `certificate ${file} is an in-toto Statement of predicate type ${JSON.stringify(value.predicateType)}, not a conformance certificate (${PREDICATE_TYPE})`,
    );
  if (!Array.isArray(value.subject) || !isObject(value.predicate))
    throw new SetupError(`certificate ${file} is a Statement without a subject list or a predicate`);
  return value as unknown as CertificateStatement;
}

export function readCertificate(file: string): ReadCertificate {
  const values = jsonValues(readBytes(file, 'certificate').toString('utf8'), file);
  const envelopes = values.filter(isEnvelope);
  if (envelopes.length === 0) {
    if (values.length === 1) return { statement: statementOf(values[0], file) };
    throw new SetupError(`certificate ${file} holds ${values.length} JSON values and no DSSE envelope: expected ${EXPECTED}`);
  }
  const inToto = envelopes.filter((envelope) => envelope.payloadType === IN_TOTO_PAYLOAD_TYPE);
  if (inToto.length === 0)
    throw new SetupError(
      `certificate ${file} is a DSSE envelope of payload type ${JSON.stringify(envelopes[0]?.payloadType)}, not an in-toto Statement (${IN_TOTO_PAYLOAD_TYPE})`,
    );
  // A bundle file may hold attestations of other predicates beside ours: the conformance certificate is the one.
  let problem: SetupError | undefined;
  for (const envelope of inToto) {
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8'));
    } catch {
      problem ??= new SetupError(`certificate ${file}: the envelope's payload is not JSON: expected an in-toto Statement`);
      continue;
    }
    try {
      return { statement: statementOf(payload, file), envelope };
    } catch (error) {
      problem ??= error as SetupError;
    }
  }
  throw problem as SetupError;
}

const sha256Of = (file: string, what: string): string => createHash('sha256').update(readBytes(file, what)).digest('hex');

const shortKey = (keyid: string): string => keyid.slice(0, 16);
const day = (iso: string): string => iso.slice(0, 10);
const DAY_MS = 86_400_000;

/** `sha256:HEX`, `name@sha256:HEX` or HEX, as lowercase HEX; a setup error otherwise. */
export function subjectDigestOf(given: string, option: string): string {
  const hex = /^(?:.*@)?(?:sha256:)?([0-9a-fA-F]{64})$/.exec(given.trim())?.[1];
  if (!hex)
    throw new SetupError(
      `${option} ${given} is not a SHA-256 digest: expected sha256:HEX (an image id or registry digest, or a manifest's SHA-256)`,
    );
  return hex.toLowerCase();
}

function signatureCheck(read: ReadCertificate, request: VerifyRequest): VerificationCheck {
  if (!read.envelope)
    return {
      name: 'signature',
      status: 'failed',
      detail: `${basename(request.certificate)} is the Statement alone, unsigned: nothing vouches for it (verify the signed certificate.intoto.jsonl)`,
    };
  const finding = checkSignature(read.envelope, request.publicKey);
  switch (finding.kind) {
    case 'valid':
      return {
        name: 'signature',
        status: 'ok',
        detail: `DSSE envelope (${IN_TOTO_PAYLOAD_TYPE}) signed with Ed25519 by ${request.keyFile} (keyid ${shortKey(finding.keyid)}…)`,
      };
    case 'altered':
      return {
        name: 'signature',
        status: 'failed',
        detail: `the signature of ${request.keyFile} (keyid ${shortKey(finding.keyid)}…) does not hold: the Statement was changed after it was signed`,
      };
    case 'other-key':
      return {
        name: 'signature',
        status: 'failed',
        detail: `signed by another key (keyid ${finding.signedBy.map(shortKey).join(', ')}…), not by ${request.keyFile} (keyid ${shortKey(finding.keyid)}…)`,
      };
    case 'unsigned':
      return { name: 'signature', status: 'failed', detail: 'the envelope holds no signature' };
  }
}

function predicateCheck(statement: CertificateStatement): VerificationCheck {
  const result = schemaRegistry().validate('harness/certificate-predicate', statement.predicate);
  const subjects = statement.subject.every(
    (subject: Partial<CertificateSubject>) =>
      typeof subject?.name === 'string' && typeof subject.digest?.sha256 === 'string' && /^[0-9a-f]{64}$/.test(subject.digest.sha256),
  );
  if (!result.valid)
    return {
      name: 'predicate',
      status: 'failed',
      detail: `not valid against certificate-predicate.schema.json: ${violationsText(result)}`,
    };
  if (!subjects || statement.subject.length === 0)
    return { name: 'predicate', status: 'failed', detail: 'the Statement names no subject by SHA-256 digest' };
  return { name: 'predicate', status: 'ok', detail: `valid against certificate-predicate.schema.json (${PREDICATE_TYPE})` };
}

function expiryCheck(statement: CertificateStatement, at: Date, atGiven: string | undefined): VerificationCheck {
  const issued = Date.parse(String(statement.predicate.issuedAt));
  const expires = Date.parse(String(statement.predicate.expiresAt));
  const when = atGiven ? ` as of ${at.toISOString()} (${atGiven})` : '';
  if (Number.isNaN(issued) || Number.isNaN(expires))
    return { name: 'expiry', status: 'failed', detail: 'the certificate has no readable issue and expiry dates' };
  if (at.getTime() > expires)
    return {
      name: 'expiry',
      status: 'failed',
      detail: `expired on ${statement.predicate.expiresAt}, ${Math.ceil((at.getTime() - expires) / DAY_MS)} day(s) ago${when}: certify again`,
    };
  if (at.getTime() < issued)
    return {
      name: 'expiry',
      status: 'failed',
      detail: `issued ${statement.predicate.issuedAt}, after the date it is checked at${when || ` (${at.toISOString()})`}`,
    };
  return {
    name: 'expiry',
    status: 'ok',
    detail: `issued ${day(statement.predicate.issuedAt)}, valid until ${statement.predicate.expiresAt} (${Math.floor((expires - at.getTime()) / DAY_MS)} day(s) left${when})`,
  };
}

function subjectCheck(statement: CertificateStatement, expected: string | undefined, option: string): VerificationCheck {
  const named = describeSubjects(statement.subject);
  if (expected === undefined)
    return { name: 'subject', status: 'not checked', detail: `no ${option} given; the certificate is about ${named}` };
  const hex = subjectDigestOf(expected, option);
  const match = statement.subject.find((subject) => subject.digest?.sha256 === hex);
  return match
    ? { name: 'subject', status: 'ok', detail: `sha256:${hex} is the certificate's subject ${match.name}` }
    : { name: 'subject', status: 'failed', detail: `sha256:${hex} is not what this certificate is about: it names ${named}` };
}

function fileCheck(
  name: 'results' | 'evidence',
  named: { name?: string; digest?: { sha256?: string } } | undefined,
  file: string | undefined,
  option: string,
): VerificationCheck {
  const certified = named?.digest?.sha256;
  if (file === undefined)
    return {
      name,
      status: 'not checked',
      detail: `no ${option} given; the certificate names ${named?.name ?? name} sha256:${certified ?? '?'}`,
    };
  const actual = sha256Of(file, `${option} file`);
  return actual === certified
    ? { name, status: 'ok', detail: `${file} is the certified ${named?.name ?? name} (sha256:${actual})` }
    : {
        name,
        status: 'failed',
        detail: `${file} is not the certified ${named?.name ?? name}: its SHA-256 is ${actual}, the certificate names ${certified ?? 'none'}`,
      };
}

function suiteCheck(statement: CertificateStatement, known: KnownSuite): VerificationCheck {
  const suite = statement.predicate.suite ?? { name: '?', version: '?', catalogueHash: '?' };
  const issuedBy = `${suite.name ?? SUITE_NAME} ${suite.version}`;
  if (suite.version === known.version && suite.catalogueHash === known.catalogueHash)
    return { name: 'suite', status: 'ok', detail: `issued by this suite: ${issuedBy}, catalogue ${suite.catalogueHash}` };
  const theirs = versionLine(String(suite.version));
  const ours = versionLine(known.version);
  if (theirs !== ours) {
    const older = String(suite.version).localeCompare(known.version, 'en', { numeric: true }) < 0;
    return {
      name: 'suite',
      status: 'failed',
      detail: older
        ? `issued by an older suite: ${issuedBy} (this is ${known.version}, a newer major version): certify again with ${known.version}`
        : `issued by a newer suite: ${issuedBy} (this is ${known.version}): verify it with ${suite.version}`,
    };
  }
  return {
    name: 'suite',
    status: 'ok',
    detail: `issued by ${issuedBy}, catalogue ${suite.catalogueHash}, which this suite (${known.version}, catalogue ${known.catalogueHash}) does not know; the same major version`,
  };
}

function certifiedCheck(statement: CertificateStatement): VerificationCheck {
  const { certified, blocking } = statement.predicate;
  if (certified === true)
    return {
      name: 'certified',
      status: 'ok',
      detail: `CERTIFIED: ${statement.predicate.target?.name ?? 'the target'}, verdict ${statement.predicate.verdict}`,
    };
  const what = (blocking ?? []).map((entry) => `${entry.id} ${entry.outcome}`).join(', ');
  return { name: 'certified', status: 'failed', detail: `the run did not certify the target${what ? `: ${what}` : ''}` };
}

export function verifyCertificate(request: VerifyRequest, known: KnownSuite): Verification {
  const read = readCertificate(request.certificate);
  const { statement } = read;
  // Bad input is told before any finding: a --subject that is no digest, a file that is not there.
  const words = request.optionWords;
  if (request.subject !== undefined) subjectDigestOf(request.subject, words.subject);
  for (const [option, file] of [
    [words.results, request.results],
    [words.evidence, request.evidence],
  ] as const)
    if (file !== undefined) assertReadable(file, `${option} file`);
  const at = request.at ?? new Date();
  const checks = [
    signatureCheck(read, request),
    predicateCheck(statement),
    expiryCheck(statement, at, request.at !== undefined ? words.at : undefined),
    subjectCheck(statement, request.subject, words.subject),
    fileCheck('results', statement.predicate.results, request.results, words.results),
    fileCheck('evidence', statement.predicate.evidence, request.evidence, words.evidence),
    suiteCheck(statement, known),
    certifiedCheck(statement),
  ];
  return { statement, checks, valid: checks.every((check) => check.status !== 'failed') };
}
