import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { isFailing } from '../harness/records/checkRecords.ts';
import type { RequirementResult } from './requirementVerdict.ts';
import { violationsText, schemaRegistry } from '../contract/catalogue/schemaRegistry.ts';
import { SetupError } from '../harness/records/setupError.ts';
import { closestSpelling } from '../contract/catalogue/closestSpelling.ts';

// A per-target baseline of known failures (YAML, described by
// schemas/harness/expected-failures.schema.json). A listed failure that happens is
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

/**
 * A baseline file's entries, each naming one of `knownIds` (the requirements the command judges); one that names none
 * is a setup error saying the closest.
 */
export function loadExpectedFailures(path: string, knownIds: readonly string[]): ExpectedFailure[] {
  let document: unknown;
  try {
    document = parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SetupError(`cannot read baseline ${path}: ${(error as Error).message}`);
  }
  const checked = schemaRegistry().validate('harness/expected-failures', document);
  if (!checked.valid) throw new SetupError(`baseline ${path}: ${violationsText(checked)}`);
  const entries = (document as { expectedFailures: ExpectedFailure[] }).expectedFailures;
  const known = new Set(knownIds);
  entries.forEach(({ requirement }, index) => {
    if (known.has(requirement)) return;
    const closest = closestSpelling(requirement, knownIds);
    throw new SetupError(
      `baseline ${path}: expectedFailures.${index}.requirement: '${requirement}' is no requirement this command judges${closest ? ` (did you mean ${closest}?)` : ''}`,
    );
  });
  return entries.map((e) => ({
    requirement: e.requirement,
    reason: e.reason,
    tracking: e.tracking,
    ...(e.check ? { check: e.check } : {}),
  }));
}

function happened(expected: ExpectedFailure, results: readonly RequirementResult[]): boolean {
  const result = results.find((candidate) => candidate.id === expected.requirement);
  if (!result) return false;
  if (!expected.check) return isFailing(result.outcome) || result.outcome === 'WARN';
  return result.checks.some((check) => check.itemId === expected.check && (isFailing(check.outcome) || check.outcome === 'WARN'));
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
    const covered = (itemId: string) => entries.some((entry) => !entry.check || entry.check === itemId);
    if (failing.length === 0 ? isFailing(result.outcome) : failing.every((check) => covered(check.itemId))) excused.add(result.id);
  }
  return excused;
}
