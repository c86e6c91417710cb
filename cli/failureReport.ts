import type { CheckRecord } from '../harness/records/checkRecords.ts';
import type { RequirementResult } from '../run/requirementVerdict.ts';
import { evidenceFacts, exchangeText } from '../report/exchangeText.ts';
import { curlCommand, replayCommand, REPRODUCIBLE, reproducibleChecks, TOKEN_VARIABLE } from '../report/reproduction.ts';
import type { ResultsDocument } from '../run/resultsDocument.ts';
import { PLAIN, type TerminalStyle } from './terminalStyle.ts';

// The end of a run's output: every FAIL, WARN and UNTESTABLE requirement in full,
// grouped by requirement, each failing check with the exchange that proves it, a
// curl command that sends its request again and the command that replays its
// scenario. Evidence is shown for the first few checks of a requirement; the rest
// are listed by message (all of it is in report.html and results.json).

const EVIDENCE_PER_REQUIREMENT = 3;

const EXCHANGE_LINES = 40;

const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((line) => `${by}${line}`)
    .join('\n');

/** A long exchange is cut in the terminal only; report.html and results.json keep what the evidence holds. */
function shortened(text: string): string {
  const lines = text.split('\n');
  return lines.length <= EXCHANGE_LINES
    ? text
    : [...lines.slice(0, EXCHANGE_LINES), `… (${lines.length - EXCHANGE_LINES} more lines in report.html)`].join('\n');
}

function checkLines(
  document: ResultsDocument,
  result: RequirementResult,
  check: CheckRecord,
  withEvidence: boolean,
  style: TerminalStyle,
): string[] {
  const lines = [
    `  ${style.outcome(check.outcome)} in ${check.scenarioId}${check.count && check.count > 1 ? ` (×${check.count})` : ''}:`,
    indent(check.message, '    '),
  ];
  if (withEvidence) {
    for (const exchange of check.evidence?.exchanges ?? []) {
      lines.push('    exchange:', indent(shortened(exchangeText(exchange)), '      '));
      const curl = curlCommand(exchange);
      lines.push(`    curl (export ${TOKEN_VARIABLE} first${curl.bodyNote ? `; ${curl.bodyNote}` : ''}):`, `      ${curl.command}`);
    }
    for (const fact of check.evidence ? evidenceFacts(check.evidence) : []) lines.push(`    ${fact.label}:`, indent(fact.text, '      '));
  }
  lines.push(`    replay: ${replayCommand(document, check.scenarioId, result.id)}`);
  return lines;
}

function requirementLines(document: ResultsDocument, result: RequirementResult, style: TerminalStyle): string[] {
  const lines = [
    `${style.outcome(result.outcome)} ${result.id} (${result.level}, ${result.source.document} §${result.source.section})`,
    indent(result.statement, '  '),
  ];
  const checks = reproducibleChecks(result);
  if (checks.length === 0) {
    lines.push(`  ${result.reason ?? 'no check recorded a result'}`, `    replay: ${replayCommand(document, undefined, result.id)}`);
  }
  checks.forEach((check, index) => lines.push(...checkLines(document, result, check, index < EVIDENCE_PER_REQUIREMENT, style)));
  return lines;
}

/** The failures section; nothing when every requirement passed, was observed or skipped. */
export function printFailures(document: ResultsDocument, write: (text: string) => void, style: TerminalStyle = PLAIN): void {
  const failing = document.requirements.filter((result) => REPRODUCIBLE.has(result.outcome));
  if (failing.length === 0) return;
  write('');
  write(`Failures (${failing.length} requirement(s): FAIL, WARN or UNTESTABLE)`);
  for (const result of failing) {
    write('');
    for (const line of requirementLines(document, result, style)) write(line);
  }
}
