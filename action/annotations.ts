import { failingRequirements } from '../report/summaryMarkdown.ts';
import type { RequirementResult } from '../verdict/requirementVerdict.ts';
import type { ResultsDocument } from '../verdict/resultsDocument.ts';

// The workflow commands the action prints after a run: one ::error per requirement
// failing the run, one ::warning per SHOULD not met (WARN), one ::error with the reason
// when the suite stopped before judging. GitHub turns at most ANNOTATIONS_SHOWN_PER_KIND
// of each kind per step into annotations; limitNote says so in the step summary.

/** GitHub's limit per step and kind (and 50 per job), documented with problem matchers in actions/toolkit. */
export const ANNOTATIONS_SHOWN_PER_KIND = 10;

/** Workflow-command data: %, CR and LF escaped; in a property also ':' and ','. */
const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

function requirementCommand(kind: 'error' | 'warning', result: RequirementResult): string {
  const found = result.checks.find((check) => check.outcome === result.outcome)?.message ?? result.reason ?? 'no check recorded a result';
  return `::${kind} title=${escapeProperty(`${result.id} ${result.outcome}`)}::${escapeData(`${result.id} (${result.level}): ${result.statement}\n${found}`)}`;
}

export interface Annotations {
  errors: string[];
  warnings: string[];
}

export function annotations(document: ResultsDocument): Annotations {
  return {
    errors: failingRequirements(document).map((result) => requirementCommand('error', result)),
    warnings: document.requirements.filter((result) => result.outcome === 'WARN').map((result) => requirementCommand('warning', result)),
  };
}

/** The annotation of a run that stopped before judging: the suite's one-line reason. */
export function setupErrorAnnotation(exitCode: number, reason: string | undefined): string {
  const title = `banking-api-conformance: no verdict (exit ${exitCode})`;
  return `::error title=${escapeProperty(title)}::${escapeData(reason ?? `the suite exited ${exitCode} without saying why: see the run step's log`)}`;
}

/** A line for the step summary when GitHub will not show every annotation; undefined when it will. */
export function limitNote({ errors, warnings }: Annotations): string | undefined {
  if (errors.length <= ANNOTATIONS_SHOWN_PER_KIND && warnings.length <= ANNOTATIONS_SHOWN_PER_KIND) return undefined;
  return (
    `> **Annotations:** ${errors.length} requirements fail the run and ${warnings.length} SHOULD requirements are not met, ` +
    `but GitHub shows at most ${ANNOTATIONS_SHOWN_PER_KIND} errors and ${ANNOTATIONS_SHOWN_PER_KIND} warnings per step (50 per job): ` +
    'the step log has every one, and the reports (results.json, report.html) have them all with their findings.\n'
  );
}
