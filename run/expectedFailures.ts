import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { isFailing } from '../harness/checkRecords.ts';
import type { RequirementResult } from './requirementVerdict.ts';
import { SetupError } from '../harness/targetManifest.ts';

// A per-target baseline of known failures (YAML). A listed failure that happens is
// reported as known and does not fail the run; a listed failure that no longer
// happens fails the run as stale, so that the entry gets removed.

export interface ExpectedFailure {
  requirement: string;
  /** Scenario id, when only one check of the requirement is expected to fail. */
  check?: string;
  reason: string;
  tracking: string;
}

export interface BaselineOutcome {
  /** Listed failures that happened. */
  known: ExpectedFailure[];
  /** Listed failures that did not happen: the baseline must be updated. */
  stale: ExpectedFailure[];
}

export function loadExpectedFailures(path: string, knownIds: (id: string) => boolean): ExpectedFailure[] {
  let document: unknown;
  try {
    document = parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SetupError(`cannot read baseline ${path}: ${(error as Error).message}`);
  }
  const entries = (document as { expectedFailures?: unknown } | null)?.expectedFailures;
  if (!Array.isArray(entries)) throw new SetupError(`baseline ${path}: field expectedFailures must be a list`);
  return entries.map((entry, index) => {
    const e = (entry ?? {}) as Record<string, unknown>;
    const where = `baseline ${path}: expectedFailures[${index}]`;
    if (typeof e.requirement !== 'string' || !knownIds(e.requirement)) throw new SetupError(`${where}.requirement must be a requirement id of the catalogue; got ${JSON.stringify(e.requirement)}`);
    if (typeof e.reason !== 'string' || e.reason.length < 5) throw new SetupError(`${where}.reason must say why the failure is expected`);
    if (typeof e.tracking !== 'string' || e.tracking.length < 3) throw new SetupError(`${where}.tracking must link the issue that tracks the fix`);
    if (e.check !== undefined && typeof e.check !== 'string') throw new SetupError(`${where}.check must be a scenario id`);
    return { requirement: e.requirement, reason: e.reason, tracking: e.tracking, ...(e.check ? { check: e.check as string } : {}) };
  });
}

function happened(expected: ExpectedFailure, results: readonly RequirementResult[]): boolean {
  const result = results.find((candidate) => candidate.id === expected.requirement);
  if (!result) return false;
  if (!expected.check) return isFailing(result.outcome) || result.outcome === 'WARN';
  return result.checks.some((check) => check.scenarioId === expected.check && (isFailing(check.outcome) || check.outcome === 'WARN'));
}

export function applyBaseline(expected: readonly ExpectedFailure[], results: readonly RequirementResult[]): BaselineOutcome {
  const known: ExpectedFailure[] = [];
  const stale: ExpectedFailure[] = [];
  for (const entry of expected) (happened(entry, results) ? known : stale).push(entry);
  return { known, stale };
}

/**
 * Requirement ids whose every failing check is covered by a known entry: they keep
 * their outcome in the report but do not count against the verdict.
 */
export function excusedRequirements(known: readonly ExpectedFailure[], results: readonly RequirementResult[]): Set<string> {
  const excused = new Set<string>();
  for (const result of results) {
    const entries = known.filter((entry) => entry.requirement === result.id);
    if (entries.length === 0) continue;
    const failing = result.checks.filter((check) => isFailing(check.outcome) || check.outcome === 'WARN');
    const covered = (scenarioId: string) => entries.some((entry) => !entry.check || entry.check === scenarioId);
    if (failing.length === 0 ? isFailing(result.outcome) : failing.every((check) => covered(check.scenarioId))) excused.add(result.id);
  }
  return excused;
}
