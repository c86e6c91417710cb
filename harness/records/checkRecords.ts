// What a scenario produces: check records, one per judged behaviour, each
// naming the requirement it judges. Scenarios record; they do not throw.

export const OUTCOMES = ['PASS', 'FAIL', 'WARN', 'SKIP', 'UNTESTABLE', 'OBSERVED'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** One HTTP exchange as kept for evidence: tokens redacted, bodies truncated. */
export interface ExchangeExcerpt {
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  response?: { status: number; headers: Record<string, string>; body?: string; durationMs: number };
  error?: string;
}

export interface Evidence {
  exchanges?: ExchangeExcerpt[];
  /** Seed that replays a generated case (property-based checks). */
  seed?: number | string;
  /** Shrunk counterexample of a property-based check. */
  counterexample?: unknown;
  /** Anything else that shows what happened (received deliveries, timings, ...). */
  details?: unknown;
}

export interface CheckRecord {
  requirementId: string;
  itemId: string;
  outcome: Outcome;
  /** What was checked, in MUST wording, and what the target did. */
  message: string;
  /** The value recorded for an OBSERVE requirement. */
  observed?: unknown;
  evidence?: Evidence;
  /** Identical records are folded into one with a count. */
  count?: number;
  /** Time the scenario spent reaching this check since its previous one (summed when folded): the JUnit `time`. */
  elapsedMs?: number;
}

/** The one severity order, worst first: a requirement's outcome is the worst of its checks, and every view lists them so. */
const WORST_FIRST: readonly Outcome[] = ['FAIL', 'UNTESTABLE', 'WARN', 'PASS', 'OBSERVED', 'SKIP'];

/** For sort(): worse outcomes first. */
export const bySeverity = (a: Outcome, b: Outcome): number => WORST_FIRST.indexOf(a) - WORST_FIRST.indexOf(b);

export function worstOutcome(outcomes: Iterable<Outcome>): Outcome | undefined {
  let worst: Outcome | undefined;
  for (const outcome of outcomes) if (worst === undefined || bySeverity(outcome, worst) < 0) worst = outcome;
  return worst;
}

/** FAIL and UNTESTABLE count against the verdict; WARN is a SHOULD not met. */
export const FAILING_OUTCOMES: readonly Outcome[] = ['FAIL', 'UNTESTABLE'];
export const isFailing = (outcome: Outcome): boolean => FAILING_OUTCOMES.includes(outcome);
