import { isFailing, type Outcome } from '../harness/records/checkRecords.ts';
import { isExcluded, type RequirementResult } from '../verdict/requirementVerdict.ts';
import type { BaselineOutcome } from '../verdict/expectedFailures.ts';
import { runMetricsIn, type ResultsDocument } from '../verdict/resultsDocument.ts';
import { describeRunMetrics } from '../harness/records/runMetricsSummary.ts';
import { verdictLabel } from '../report/verdictLabel.ts';
import { requirementPrefixOf } from '../contract/facts/requirementPrefixes.ts';
import { type FailureDiagnosis, printFailures } from './failureReport.ts';
import { PLAIN, type TerminalStyle } from './terminalStyle.ts';
import { observedValues } from '../verdict/resultsComparison.ts';
import { counted } from '../harness/records/counted.ts';

// The closing summary, sized for a person: one line per requirement that is not PASS (an OBSERVED
// one with the value it recorded), the failures in full (cli/failureReport.ts), the counts, the
// run's calls and waits in one line, then the verdict. --verbose lists every selected requirement,
// PASS included, grouped by prefix (the ones a narrowed run did not select in one line); the
// reports always hold that table. --quiet keeps the failures and the verdict. On a terminal a line
// is cut at its width (the failures never are); elsewhere nothing is cut.

const NOT_SELECTED = 'not selected in this run';
const ID_WIDTH = 34;

const isFailingResult = (result: RequirementResult) => isFailing(result.outcome);

/** SKIPs of one cause, said in one line instead of a row each: those it takes, and the line that names their ids. */
export interface SkipFold {
  takes(result: RequirementResult): boolean;
  line(ids: readonly string[]): string;
}

export interface SummaryOptions {
  quiet: boolean;
  /** Every selected requirement, PASS included, instead of those that are not PASS. */
  verbose?: boolean;
  style?: TerminalStyle;
  diagnosis?: FailureDiagnosis;
  /** The terminal's width; undefined (not a terminal): lines are not cut. */
  columns?: number;
  /** SKIPs said in one line a fold, where the first of them would stand (not with --verbose, which lists every one); a SKIP goes to the first fold that takes it. */
  folds?: readonly SkipFold[];
}

/** The terminal's width where the output is one, for SummaryOptions.columns. */
export const terminalColumns = (stream: { isTTY?: boolean; columns?: number }): number | undefined =>
  stream.isTTY === true && stream.columns !== undefined && stream.columns > 0 ? stream.columns : undefined;

/** What an OBSERVED requirement recorded, each distinct value once. */
const observedText = (result: RequirementResult): string => {
  const values = observedValues(result).filter((value) => !isEmpty(value));
  if (values.length > 0) return values.map((value) => JSON.stringify(value)).join('; ');
  // Nothing found (an empty list, an empty object): the observing check's words say of what.
  return result.checks.find((check) => check.outcome === 'OBSERVED')?.message ?? result.statement;
};
const isEmpty = (value: unknown): boolean =>
  Array.isArray(value) ? value.length === 0 : value !== null && typeof value === 'object' && Object.keys(value).length === 0;

/** Why a requirement has its outcome: its check's message, its reason, its observed value; its statement when it passed. */
function noteOf(result: RequirementResult): string {
  if (result.outcome === 'FAIL' || result.outcome === 'WARN' || result.outcome === 'UNTESTABLE')
    return result.checks.find((check) => check.outcome === result.outcome)?.message ?? result.reason ?? '';
  if (result.outcome === 'SKIP') return result.reason ?? result.checks.find((check) => check.outcome === 'SKIP')?.message ?? '';
  if (result.outcome === 'OBSERVED') return observedText(result);
  return result.statement;
}

/** An outcome and its text on one line, cut to the terminal's width where there is one: the failures follow in full. */
function outcomeLine(outcome: Outcome, text: string, style: TerminalStyle, columns: number | undefined): string {
  const lead = `  ${outcome.padEnd(10)} `;
  const room = columns === undefined ? Infinity : columns - lead.length;
  const shown = text.length > room ? `${text.slice(0, Math.max(room - 1, 0))}…` : text;
  return `  ${style.outcome(outcome, outcome.padEnd(10))} ${shown}`;
}

const line = (result: RequirementResult, style: TerminalStyle, columns: number | undefined): string =>
  outcomeLine(result.outcome, `${result.id.padEnd(ID_WIDTH)} ${noteOf(result).replace(/\s+/g, ' ')}`, style, columns);

function printRequirements(
  results: readonly RequirementResult[],
  write: (text: string) => void,
  style: TerminalStyle,
  columns: number | undefined,
): void {
  let prefix = '';
  for (const result of results) {
    const next = requirementPrefixOf(result.id);
    if (next !== prefix) {
      prefix = next;
      write(` ${prefix}`);
    }
    write(line(result, style, columns));
  }
}

/**
 * The requirements that are not PASS, one line each; those the catalogue excludes (a SKIP on every
 * target, nothing the target did) in one line of their ids, since they say nothing about this run;
 * the SKIPs a fold takes in its one line.
 */
function printNotPassing(
  results: readonly RequirementResult[],
  write: (text: string) => void,
  style: TerminalStyle,
  columns: number | undefined,
  folds: readonly SkipFold[],
): void {
  const excluded = results.filter(isExcluded);
  const foldOf = new Map<RequirementResult, SkipFold>();
  for (const result of results) {
    const fold = result.outcome === 'SKIP' && !isExcluded(result) ? folds.find((one) => one.takes(result)) : undefined;
    if (fold) foldOf.set(result, fold);
  }
  const said = new Set<SkipFold>();
  for (const result of results) {
    const fold = foldOf.get(result);
    if (fold && !said.has(fold)) {
      said.add(fold);
      const ids = results.filter((one) => foldOf.get(one) === fold).map((one) => one.id);
      write(outcomeLine('SKIP', fold.line(ids), style, columns));
    } else if (!fold && !isExcluded(result)) write(line(result, style, columns));
  }
  if (excluded.length === 0) return;
  const ids = excluded.map((result) => result.id).join(', ');
  write(outcomeLine('SKIP', `${counted(excluded.length, 'requirement')} excluded by the catalogue, never judged: ${ids}`, style, columns));
}

/** "3 MUST requirements failed", or "… failed or could not be tested" when UNTESTABLE ones are among them. */
function failingMustText(failing: readonly RequirementResult[]): string {
  const untestable = failing.filter((result) => result.outcome === 'UNTESTABLE').length;
  const what = untestable > 0 ? `failed or could not be tested (${failing.length - untestable} FAIL, ${untestable} UNTESTABLE)` : 'failed';
  return `${counted(failing.length, 'MUST requirement')} ${what}: ${failing.map((result) => result.id).join(', ')}`;
}

export function printSummary(document: ResultsDocument, write: (text: string) => void, options: SummaryOptions = { quiet: false }): void {
  const style = options.style ?? PLAIN;
  const results = document.requirements;
  // A narrowed run holds only what it selected; the rest of the catalogue is one line.
  const selected = results.filter((result) => result.reason !== NOT_SELECTED);
  const notListed = document.partial ? document.partial.of - results.length : results.length - selected.length;
  const mustFailing = results.filter((result) => result.level === 'MUST' && isFailingResult(result));
  if (!options.quiet) {
    const shown = options.verbose ? selected : selected.filter((result) => result.outcome !== 'PASS');
    write('');
    write(
      options.verbose
        ? 'Requirements'
        : `Requirements not PASS: ${shown.length} of ${counted(selected.length, 'requirement')} (--verbose lists every one; the reports always do)`,
    );
    if (options.verbose) printRequirements(shown, write, style, options.columns);
    else printNotPassing(shown, write, style, options.columns, options.folds ?? []);
    if (notListed > 0)
      write(
        `  (${counted(notListed, 'requirement')} not selected: the run was narrowed by ${document.partial?.narrowedBy.join(' ') ?? 'its selection'})`,
      );
  }
  printFailures(document, write, style, options.diagnosis);
  write('');
  if (!options.quiet)
    write(
      `Outcomes: ${Object.entries(document.counts)
        .map(([outcome, count]) => `${count} ${outcome}`)
        .join(', ')}`,
    );
  const metrics = runMetricsIn(document);
  if (!options.quiet && metrics) write(`Run: ${describeRunMetrics(metrics)}`);
  const conformant = document.verdict === 'conformant';
  const reason = conformant
    ? `every ${document.partial ? 'selected ' : ''}applicable MUST requirement passed.`
    : mustFailing.length > 0
      ? failingMustText(mustFailing)
      : 'a stale baseline entry (below) fails the run';
  write(`Verdict: ${style.verdict(conformant, verdictLabel(document))}: ${reason}`);
}

/**
 * The run's webhooks, said only where a user can act on it: a create that waited for the target's limit of
 * Enabled webhooks, or the heavy probe filling that limit on a target others may share (one the run did not start).
 */
export function webhookFootprintLine(document: ResultsDocument): string | undefined {
  const webhooks = document.webhookFootprint;
  if (!webhooks) return undefined;
  const notes: string[] = [];
  if (webhooks.peakHeld > webhooks.budget && !document.requestReplay?.targetStopped) {
    notes.push(
      `the heavy probe filled the target's limit of Enabled webhooks (${webhooks.peakHeld} of the run's own at once, disabled after) and the rest of the run kept to ${webhooks.budget}: on a sandbox others share, leave heavy probes off (--heavy-probes, "heavyProbes" in the manifest)`,
    );
  }
  if (webhooks.limitWaits > 0) {
    notes.push(
      `the target's limit of Enabled webhooks was full ${webhooks.limitWaits} time(s) and the run waited ${(webhooks.limitWaitedMs / 1000).toFixed(0)} s in all for a place: disable the webhooks you no longer need on it`,
    );
  }
  return notes.length > 0 ? `Webhooks: ${notes.join('; ')}` : undefined;
}

export function printBaseline(outcome: BaselineOutcome, write: (text: string) => void): void {
  for (const entry of outcome.known)
    write(`Known failure (baseline): ${entry.requirement}${entry.check ? ` in ${entry.check}` : ''}: ${entry.reason} [${entry.tracking}]`);
  for (const entry of outcome.stale)
    write(
      `STALE baseline entry: ${entry.requirement}${entry.check ? ` in ${entry.check}` : ''} no longer fails; remove it [${entry.tracking}]`,
    );
}
