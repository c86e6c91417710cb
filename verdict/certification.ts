import type { ImageIdentity } from '../container/containerTarget.ts';
import type { Level } from '../contract/catalogue/requirementCatalogue.ts';
import type { Outcome } from '../harness/records/checkRecords.ts';
import type { Environment } from '../contract/facts/environments.ts';
import type { RequirementResult, Verdict } from './requirementVerdict.ts';
import { countOutcomes, verdictOf } from './requirementVerdict.ts';

// `run --certify`: the strict reading. No baseline; every requirement that
// applies to what the target claims must end with a judgement: a SKIP for a
// reason other than "not claimed / other environment / excluded" or an
// UNTESTABLE blocks the certificate, as does any failed MUST.
//
// The certificate is an in-toto Statement (https://in-toto.io/Statement/v1): its
// subjects are what was judged, by digest (a container image's id and registry
// digests; for a URL target, the manifest's SHA-256 named by the base URL), its
// predicate what the suite found (schemas/harness/certificate-predicate.schema.json).
// report/certificateFiles.ts writes and signs it; verdict/certificateVerification.ts checks it.
// `client --certify` writes the same Statement about an API client: its subject is the client's
// artifact, its predicate says how the client was judged (issueClientCertificate).

export const STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
/** The predicate's type: a versioned URI under the project's repository; a new major version of the predicate is /v2. */
export const PREDICATE_TYPE = 'https://github.com/OWNER/banking-api-conformance/certificate/v1';
/** How long a certificate holds unless --valid-days says otherwise. */
export const DEFAULT_VALID_DAYS = 90;
export const SUITE_NAME = 'banking-api-conformance';

/** An in-toto DigestSet with the one algorithm the suite writes: lowercase hex SHA-256. */
export interface Sha256Digest {
  sha256: string;
}

/** An in-toto ResourceDescriptor: a name and its digest. */
export interface CertificateSubject {
  name: string;
  digest: Sha256Digest;
}

export interface BlockingRequirement {
  id: string;
  level: Level;
  outcome: Outcome;
  reason: string;
}

/** Where a client's calls went: the embedded emulator, or (`manifest`) a target's base URL, its manifest by digest. */
export type TargetKind = 'embedded' | 'manifest';

/** How a client was judged, beside what it came to: the perturbations its answers were bent by, how its command ended. */
export interface ClientJudged {
  /** The plan's entries as --plan takes them, each with where it was aimed (`reset:op=event.list,times=2`). */
  plan: string[];
  /** Absent for a client started elsewhere (client --wait), which has no command. */
  exit?: { code: number | null; signal: string | null };
}

/**
 * The predicate read as in-toto's test-result predicate (https://in-toto.io/attestation/test-result/v0.1),
 * each requirement a test: PASS passed, WARN warned, every blocking requirement failed; `result` FAILED
 * when not certified, else WARNED with a WARN, else PASSED. SKIP and OBSERVED were not judged, and are in
 * no list (unless a SKIP blocks). `configuration`: what judged, by digest.
 */
export interface TestResult {
  result: 'PASSED' | 'WARNED' | 'FAILED';
  configuration: Array<{ name: string; digest?: Sha256Digest; annotations?: Record<string, string> }>;
  passedTests: string[];
  warnedTests: string[];
  failedTests: string[];
}

export interface CertificatePredicate {
  suite: { name: string; version: string; catalogueHash: string };
  /**
   * `image`: the exact image judged (a container target); `manifestDigest`: the SHA-256 of the target manifest the run read
   * (none for a client judged against the embedded emulator, `kind` embedded).
   */
  target: { name: string; baseUrl: string; kind?: TargetKind; image?: ImageIdentity; manifestDigest?: Sha256Digest };
  environment: Environment;
  capabilities: string[];
  /** Every requirement that applies to the target, as judged. */
  requirements: Array<{ id: string; level: Level; outcome: Outcome }>;
  counts: Record<Outcome, number>;
  verdict: Verdict;
  certified: boolean;
  /** Requirements that stand in the way, with their outcome. */
  blocking: BlockingRequirement[];
  seed: number;
  issuedAt: string;
  expiresAt: string;
  /** The report files the certificate stands on, by SHA-256: results.json and the evidence bundle (the run's redacted exchanges as HAR). */
  results: { name: string; digest: Sha256Digest };
  evidence: { name: string; digest: Sha256Digest };
  /** Present when the subject is an API client (client --certify). */
  client?: ClientJudged;
  testResult?: TestResult;
}

export interface CertificateStatement {
  _type: typeof STATEMENT_TYPE;
  subject: CertificateSubject[];
  predicateType: typeof PREDICATE_TYPE;
  predicate: CertificatePredicate;
}

/** SKIP reasons that mean "does not apply to this target", which certification accepts. */
const NOT_APPLICABLE = /^(excluded:|applies to |needs capability )/;

const reasonOf = (result: RequirementResult): string =>
  result.reason ?? result.checks.find((check) => check.outcome === result.outcome)?.message ?? '';

/** A requirement SKIPped because it does not apply to what the target is or claims. */
export const notApplicable = (result: RequirementResult): boolean => result.outcome === 'SKIP' && NOT_APPLICABLE.test(reasonOf(result));

export function blockingRequirements(results: readonly RequirementResult[]): BlockingRequirement[] {
  const blocking: BlockingRequirement[] = [];
  for (const result of results) {
    const reason = reasonOf(result);
    const unjudged = result.outcome === 'UNTESTABLE' || (result.outcome === 'SKIP' && !notApplicable(result));
    const failedMust = result.level === 'MUST' && result.outcome === 'FAIL';
    if (unjudged || failedMust) blocking.push({ id: result.id, level: result.level, outcome: result.outcome, reason });
  }
  return blocking;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;
const DIGEST_REFERENCE = /^(?<name>.+)@sha256:(?<hex>[0-9a-f]{64})$/;

/** `sha256:HEX` (an image id, a catalogue hash) as a DigestSet. */
export function digestOf(prefixed: string): Sha256Digest {
  const hex = prefixed.replace(/^sha256:/, '');
  if (!SHA256_HEX.test(hex)) throw new Error(`not a SHA-256 digest: ${prefixed}`);
  return { sha256: hex };
}

/**
 * What was judged, by digest. A container image: its registry digests (`repo@sha256:…`, what a
 * registry and `gh attestation verify oci://…` know it by) first, then its content-addressed id
 * named by the image's name. Any other target: the manifest the run read, named by the base URL.
 */
export function certificateSubjects(
  target: { baseUrl: string; image?: ImageIdentity },
  manifestDigest: Sha256Digest,
): CertificateSubject[] {
  if (!target.image) return [{ name: target.baseUrl, digest: manifestDigest }];
  const registry = target.image.repoDigests.flatMap((reference) => {
    const match = DIGEST_REFERENCE.exec(reference);
    return match?.groups ? [{ name: match.groups.name as string, digest: { sha256: match.groups.hex as string } }] : [];
  });
  return [...registry, { name: target.image.name, digest: digestOf(target.image.id) }];
}

/** What every certificate is issued with, whatever its subject. */
interface IssueContext {
  suiteVersion: string;
  catalogueHash: string;
  seed: number;
  results: { name: string; digest: Sha256Digest };
  evidence: { name: string; digest: Sha256Digest };
  validDays?: number;
  date?: Date;
}

export interface CertificateContext extends IssueContext {
  target: { name: string; baseUrl: string; environment: Environment; capabilities: string[]; image?: ImageIdentity };
  manifestDigest: Sha256Digest;
}

/** The test-result reading of what was judged (TestResult): `extra` adds to the configuration what judged beyond the catalogue and the files. */
export function testResultOf(
  results: readonly RequirementResult[],
  blocking: readonly BlockingRequirement[],
  context: IssueContext,
  extra: TestResult['configuration'] = [],
): TestResult {
  const ids = (outcome: Outcome) => results.filter((result) => result.outcome === outcome).map((result) => result.id);
  const warned = ids('WARN');
  return {
    result: blocking.length > 0 ? 'FAILED' : warned.length > 0 ? 'WARNED' : 'PASSED',
    configuration: [
      { name: 'requirement catalogue', digest: digestOf(context.catalogueHash) },
      context.results,
      context.evidence,
      ...extra,
    ],
    passedTests: ids('PASS'),
    warnedTests: warned,
    failedTests: blocking.map((entry) => entry.id),
  };
}

/** The predicate's account of the outcomes, the same for every subject; `listed`: the requirements it names. */
function judgedPart(
  results: readonly RequirementResult[],
  listed: readonly RequirementResult[],
  blocking: BlockingRequirement[],
  context: IssueContext,
) {
  const issued = context.date ?? new Date();
  const validDays = context.validDays ?? DEFAULT_VALID_DAYS;
  return {
    requirements: listed.map((result) => ({ id: result.id, level: result.level, outcome: result.outcome })),
    counts: countOutcomes(results),
    verdict: verdictOf(results),
    certified: blocking.length === 0,
    blocking,
    seed: context.seed,
    issuedAt: issued.toISOString(),
    expiresAt: new Date(issued.getTime() + validDays * 86_400_000).toISOString(),
    results: context.results,
    evidence: context.evidence,
  };
}

const suiteOf = (context: IssueContext) => ({ name: SUITE_NAME, version: context.suiteVersion, catalogueHash: context.catalogueHash });

export function issueCertificate(results: readonly RequirementResult[], context: CertificateContext): CertificateStatement {
  const blocking = blockingRequirements(results);
  const { target } = context;
  return {
    _type: STATEMENT_TYPE,
    subject: certificateSubjects(target, context.manifestDigest),
    predicateType: PREDICATE_TYPE,
    predicate: {
      suite: suiteOf(context),
      target: {
        name: target.name,
        baseUrl: target.baseUrl,
        ...(target.image ? { image: target.image } : {}),
        manifestDigest: context.manifestDigest,
      },
      environment: target.environment,
      capabilities: [...target.capabilities],
      ...judgedPart(
        results,
        results.filter((result) => !notApplicable(result)),
        blocking,
        context,
      ),
      testResult: testResultOf(results, blocking, context),
    },
  };
}

export interface ClientCertificateContext extends IssueContext {
  /** The client's artifact by digest: a file, or an image. */
  subject: CertificateSubject;
  /** Where its calls went: the embedded emulator, or a target's base URL and its manifest by digest. */
  target: { kind: TargetKind; baseUrl: string; environment: Environment; capabilities: string[]; manifestDigest?: Sha256Digest };
  client: ClientJudged;
}

/**
 * `client --certify`: a client is judged by what it calls, so a requirement its calls never
 * reached SKIPs and is listed as such without standing in the way; a failed MUST or an
 * UNTESTABLE does. Every requirement judged is listed, SKIPs with them: the certificate says what
 * it covers.
 */
export function issueClientCertificate(results: readonly RequirementResult[], context: ClientCertificateContext): CertificateStatement {
  const blocking = blockingRequirements(results).filter((entry) => entry.outcome !== 'SKIP');
  const { target, client } = context;
  const how = {
    name: 'client judgement',
    annotations: {
      plan: client.plan.join(',') || 'none',
      seed: String(context.seed),
      target: target.kind,
      ...(client.exit ? { exit: client.exit.signal ?? String(client.exit.code) } : {}),
    },
  };
  return {
    _type: STATEMENT_TYPE,
    subject: [context.subject],
    predicateType: PREDICATE_TYPE,
    predicate: {
      suite: suiteOf(context),
      target: {
        name: `API client ${context.subject.name}`,
        baseUrl: target.baseUrl,
        kind: target.kind,
        ...(target.manifestDigest ? { manifestDigest: target.manifestDigest } : {}),
      },
      environment: target.environment,
      capabilities: [...target.capabilities],
      ...judgedPart(results, results, blocking, context),
      client: { plan: [...client.plan], ...(client.exit ? { exit: { code: client.exit.code, signal: client.exit.signal } } : {}) },
      testResult: testResultOf(results, blocking, context, [how]),
    },
  };
}

/**
 * The part of a version that a certificate outlives: the major version, and for 0.x the minor
 * (semver: 0.x versions break at the minor). A certificate of another line was issued by an older
 * (or newer) suite and is never taken as valid by this one.
 */
export function versionLine(version: string): string {
  const [major = version, minor = ''] = version.split('.');
  return major === '0' ? `0.${minor}` : major;
}

/** How a certificate's subjects read in one line: `name sha256:hex`, comma-separated. */
export const describeSubjects = (subjects: readonly CertificateSubject[]): string =>
  // A Statement read from a file may lack what its type promises: `verify` says so on the predicate's line.
  subjects.map((subject) => `${subject?.name ?? '(no name)'} sha256:${subject?.digest?.sha256 ?? '(none)'}`).join(', ');
