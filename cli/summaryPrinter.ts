import { isFailing } from '../harness/records/checkRecords.ts';
import type { RequirementResult } from '../verdict/requirementVerdict.ts';
import type { BaselineOutcome } from '../verdict/expectedFailures.ts';
import { runMetricsIn, type ResultsDocument } from '../verdict/resultsDocument.ts';
import { describeRunMetrics } from '../harness/records/runMetricsSummary.ts';
import { verdictLabel } from '../report/verdictLabel.ts';
import { requirementPrefixOf } from '../contract/facts/requirementPrefixes.ts';
import { type FailureDiagnosis, printFailures } from './failureReport.ts';
import { PLAIN, type TerminalStyle } from './terminalStyle.ts';

// The closing summary: one line per selected requirement, grouped by prefix (the
// ones a narrowed run did not select in one line), the failures in full
// (cli/failureReport.ts), the run's calls and waits in one line, then the verdict.
// --quiet keeps the failures and the verdict.

const WIDTH = 110;
const NOT_SELECTED = 'not selected in this run';

const isFailingResult = (result: RequirementResult) => isFailing(result.outcome);

/** One line per requirement, cut to the width: the failures follow in full. */
function line(result: RequirementResult, style: TerminalStyle): string {
  const note =
    result.outcome === 'FAIL' || result.outcome === 'WARN' || result.outcome === 'UNTESTABLE'
      ? (result.checks.find((check) => check.outcome === result.outcome)?.message ?? result.reason ?? '')
      : result.outcome === 'SKIP'
        ? (result.reason ?? result.checks.find((check) => check.outcome === 'SKIP')?.message ?? '')
        : result.statement;
  const text = `${result.id.padEnd(34)} ${note.replace(/\s+/g, ' ')}`;
  const room = WIDTH - 13;
  return `  ${style.outcome(result.outcome, result.outcome.padEnd(10))} ${text.length > room ? `${text.slice(0, room - 1)}…` : text}`;
}

function printRequirements(results: readonly RequirementResult[], write: (text: string) => void, style: TerminalStyle): void {
  let prefix = '';
  for (const result of results) {
    const next = requirementPrefixOf(result.id);
    if (next !== prefix) {
      prefix = next;
      write(` ${prefix}`);
    }
    write(line(result, style));
  }
}

/** "3 MUST requirement(s) failed", or "… failed or could not be tested" when UNTESTABLE ones are among them. */
function failingMustText(failing: readonly RequirementResult[]): string {
  const untestable = failing.filter((result) => result.outcome === 'UNTESTABLE').length;
  const what = untestable > 0 ? `failed or could not be tested (${failing.length - untestable} FAIL, ${untestable} UNTESTABLE)` : 'failed';
  return `${failing.length} MUST requirement(s) ${what}: ${failing.map((result) => result.id).join(', ')}`;
}

export function printSummary(
  document: ResultsDocument,
  write: (text: string) => void,
  options: { quiet: boolean; style?: TerminalStyle; diagnosis?: FailureDiagnosis } = { quiet: false },
): void {
  const style = options.style ?? PLAIN;
  const results = document.requirements;
  // A narrowed run holds only what it selected; the rest of the catalogue is one line.
  const selected = results.filter((result) => result.reason !== NOT_SELECTED);
  const notListed = document.partial ? document.partial.of - results.length : results.length - selected.length;
  const mustFailing = results.filter((result) => result.level === 'MUST' && isFailingResult(result));
  if (!options.quiet) {
    write('');
    write('Requirements');
    printRequirements(selected, write, style);
    if (notListed > 0)
      write(
        `  (${notListed} requirements not selected: the run was narrowed by ${document.partial?.narrowedBy.join(' ') ?? 'its selection'})`,
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
