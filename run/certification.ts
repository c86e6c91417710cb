import type { ImageIdentity } from '../container/containerTarget.ts';
import type { Outcome } from '../harness/records/checkRecords.ts';
import type { RequirementResult, Verdict } from './requirementVerdict.ts';
import { countOutcomes, verdictOf } from './requirementVerdict.ts';

// `run --certify`: the strict reading. No baseline; every requirement that
// applies to what the target claims must end with a judgement: a SKIP for a
// reason other than "not claimed / other environment / excluded" or an
// UNTESTABLE blocks the certificate, as does any failed MUST.

export interface Certificate {
  certificateVersion: 1;
  /** `image`: the exact image certified, by id (and registry digests), when the target was a container. */
  target: { name: string; baseUrl: string; environment: string; capabilities: string[]; image?: ImageIdentity };
  suiteVersion: string;
  /** sha256 over the requirement catalogue and the schemas the run judged against. */
  catalogueHash: string;
  date: string;
  counts: Record<Outcome, number>;
  verdict: Verdict;
  certified: boolean;
  /** Requirements that stand in the way, with their outcome. */
  blocking: Array<{ id: string; level: string; outcome: Outcome; reason: string }>;
}

/** SKIP reasons that mean "does not apply to this target", which certification accepts. */
const NOT_APPLICABLE = /^(excluded:|applies to |needs capability )/;

export function blockingRequirements(results: readonly RequirementResult[]): Certificate['blocking'] {
  const blocking: Certificate['blocking'] = [];
  for (const result of results) {
    const firstMessage = result.checks.find((check) => check.outcome === result.outcome)?.message;
    const reason = result.reason ?? firstMessage ?? '';
    const unjudged = result.outcome === 'UNTESTABLE' || (result.outcome === 'SKIP' && !NOT_APPLICABLE.test(reason));
    const failedMust = result.level === 'MUST' && result.outcome === 'FAIL';
    if (unjudged || failedMust) blocking.push({ id: result.id, level: result.level, outcome: result.outcome, reason });
  }
  return blocking;
}

export function issueCertificate(
  results: readonly RequirementResult[],
  context: { target: Certificate['target']; suiteVersion: string; catalogueHash: string; date?: Date },
): Certificate {
  const blocking = blockingRequirements(results);
  return {
    certificateVersion: 1,
    target: context.target,
    suiteVersion: context.suiteVersion,
    catalogueHash: context.catalogueHash,
    date: (context.date ?? new Date()).toISOString(),
    counts: countOutcomes(results),
    verdict: verdictOf(results),
    certified: blocking.length === 0,
    blocking,
  };
}
