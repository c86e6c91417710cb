import type { CheckRecord, Evidence, Outcome } from '../harness/records/checkRecords.ts';
import { isFailing, worstOutcome } from '../harness/records/checkRecords.ts';
import type { Level, Requirement, RequirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import type { TargetInfo } from '../harness/targetIO/targetManifest.ts';

// From check records to one outcome per requirement, and from those to the
// verdict. A requirement that applies, was selected, and still has no result is
// UNTESTABLE: silence is never a pass.

export interface RequirementResult {
  id: string;
  level: Level;
  statement: string;
  source: Requirement['source'];
  outcome: Outcome;
  /** Why it was skipped or untestable, when no check says so. */
  reason?: string;
  checks: CheckRecord[];
  evidence: Evidence[];
}

export type Verdict = 'conformant' | 'non-conformant';

export interface JudgeOptions {
  /** Requirement ids the selected scenarios could record; others are "not selected". */
  selected: ReadonlySet<string>;
  /** A narrowed run: the requirements neither selected nor recorded are left out, not listed as SKIP. */
  onlySelected?: boolean;
}

const EVIDENCE_LIMIT = 5;

const EXCLUDED = 'excluded: ';

/** A requirement the catalogue never judges (its `excluded`): a SKIP on every target, whatever it does. */
export const isExcluded = (result: Pick<RequirementResult, 'outcome' | 'reason'>): boolean =>
  result.outcome === 'SKIP' && (result.reason?.startsWith(EXCLUDED) ?? false);

function notApplicable(requirement: Requirement, target: Pick<TargetInfo, 'environment' | 'capabilities'>): string | undefined {
  if (requirement.excluded) return `${EXCLUDED}${requirement.excluded}`;
  if (!requirement.environments.includes(target.environment)) {
    return `applies to ${requirement.environments.join(', ')} only; the target is ${target.environment}`;
  }
  if (!target.capabilities.has(requirement.capability))
    return `needs capability ${requirement.capability}, which the target does not claim`;
  return undefined;
}

export function judgeRequirements(
  catalogue: RequirementCatalogue,
  records: readonly CheckRecord[],
  target: Pick<TargetInfo, 'environment' | 'capabilities'>,
  options: JudgeOptions,
): RequirementResult[] {
  const byId = new Map<string, CheckRecord[]>();
  for (const record of records) {
    const list = byId.get(record.requirementId) ?? [];
    list.push(record);
    byId.set(record.requirementId, list);
  }
  const kept = catalogue
    .all()
    .filter((requirement) => !options.onlySelected || options.selected.has(requirement.id) || byId.has(requirement.id));
  return kept.map((requirement) => {
    const checks = byId.get(requirement.id) ?? [];
    const base = { id: requirement.id, level: requirement.level, statement: requirement.statement, source: requirement.source, checks };
    const skipReason = notApplicable(requirement, target);
    if (skipReason) return { ...base, outcome: 'SKIP' as Outcome, reason: skipReason, checks: [], evidence: [] };
    const outcome = worstOutcome(checks.map((check) => check.outcome));
    if (outcome === undefined) {
      return options.selected.has(requirement.id)
        ? { ...base, outcome: 'UNTESTABLE' as Outcome, reason: 'no check recorded a result for this requirement', evidence: [] }
        : { ...base, outcome: 'SKIP' as Outcome, reason: 'not selected in this run', evidence: [] };
    }
    const telling = checks.filter((check) => check.outcome === outcome && check.evidence);
    return { ...base, outcome, evidence: telling.slice(0, EVIDENCE_LIMIT).map((check) => check.evidence as Evidence) };
  });
}

/** Conformant when no applicable MUST requirement is FAIL or UNTESTABLE, known failures of a baseline aside. */
export function verdictOf(results: readonly RequirementResult[], excused: ReadonlySet<string> = new Set()): Verdict {
  const failing = results.some((result) => result.level === 'MUST' && isFailing(result.outcome) && !excused.has(result.id));
  return failing ? 'non-conformant' : 'conformant';
}

export function countOutcomes(results: readonly RequirementResult[]): Record<Outcome, number> {
  const counts: Record<Outcome, number> = { PASS: 0, FAIL: 0, WARN: 0, SKIP: 0, UNTESTABLE: 0, OBSERVED: 0 };
  for (const result of results) counts[result.outcome] += 1;
  return counts;
}
