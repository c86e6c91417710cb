import { parityOf } from './observationParity.ts';
import type { Outcome } from '../harness/records/checkRecords.ts';
import type { RequirementResult } from './requirementVerdict.ts';

// The difference between an earlier run and this one, requirement by
// requirement: what got worse, what got better, and where the target now does
// something else where the documents are silent.

export interface OutcomeChange {
  id: string;
  from: Outcome;
  to: Outcome;
}

export interface ObservationChange {
  id: string;
  from: unknown[];
  to: unknown[];
}

export interface Comparison {
  baseline: { startedAt: string; suiteVersion: string; catalogueHash?: string; targetName: string; sameCatalogue: boolean };
  regressed: OutcomeChange[];
  fixed: OutcomeChange[];
  /** Outcome moved without getting better or worse (e.g. to or from SKIP). */
  changed: OutcomeChange[];
  observationsChanged: ObservationChange[];
  /** In this run's catalogue only / in the baseline's only. */
  added: string[];
  removed: string[];
}

/** The minimum of a results document a comparison reads, so older formats still compare. */
export interface ComparableResults {
  startedAt: string;
  suiteVersion: string;
  catalogueHash?: string;
  target: { name: string };
  requirements: ReadonlyArray<Pick<RequirementResult, 'id' | 'outcome' | 'checks'>>;
}

// Rank for "better or worse": a failing outcome is worse than a SHOULD miss,
// which is worse than a pass. SKIP is not ranked: it says nothing of the target.
const RANK: Partial<Record<Outcome, number>> = { PASS: 0, OBSERVED: 0, WARN: 1, UNTESTABLE: 2, FAIL: 2 };

/** Observed values, in a stable order, for comparing OBSERVE requirements across runs. */
export function observedValues(result: Pick<RequirementResult, 'checks'>): unknown[] {
  const values = result.checks.filter((check) => 'observed' in check).map((check) => check.observed);
  return [...new Map(values.map((value) => [JSON.stringify(value), value])).entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, value]) => value);
}

export function compareResults(baseline: ComparableResults, current: ComparableResults): Comparison {
  const before = new Map(baseline.requirements.map((result) => [result.id, result]));
  const comparison: Comparison = {
    baseline: {
      startedAt: baseline.startedAt,
      suiteVersion: baseline.suiteVersion,
      ...(baseline.catalogueHash ? { catalogueHash: baseline.catalogueHash } : {}),
      targetName: baseline.target.name,
      sameCatalogue: baseline.catalogueHash !== undefined && baseline.catalogueHash === current.catalogueHash,
    },
    regressed: [],
    fixed: [],
    changed: [],
    observationsChanged: [],
    added: [],
    removed: [],
  };
  for (const result of current.requirements) {
    const previous = before.get(result.id);
    before.delete(result.id);
    if (!previous) {
      comparison.added.push(result.id);
      continue;
    }
    if (previous.outcome !== result.outcome) {
      const change = { id: result.id, from: previous.outcome, to: result.outcome };
      const from = RANK[previous.outcome];
      const to = RANK[result.outcome];
      if (from === undefined || to === undefined) comparison.changed.push(change);
      else if (to > from) comparison.regressed.push(change);
      else if (to < from) comparison.fixed.push(change);
      else comparison.changed.push(change);
    }
    const from = observedValues(previous);
    const to = observedValues(result);
    // Only where both runs observed something (a value appearing or vanishing shows as an outcome change),
    // and only a difference the run's timing cannot explain: the same parity `compare --observed` applies.
    if (parityOf(result.id, from, to) === 'different') {
      comparison.observationsChanged.push({ id: result.id, from, to });
    }
  }
  comparison.removed = [...before.keys()];
  return comparison;
}
