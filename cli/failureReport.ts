import type { CheckRecord, ExchangeExcerpt } from '../harness/records/checkRecords.ts';
import { counted } from '../harness/records/counted.ts';
import type { RequirementResult } from '../verdict/requirementVerdict.ts';
import { evidenceFacts, exchangeText } from '../report/exchangeText.ts';
import { type CurlGuide, curlCommand, curlGuide, curlHeading, REPRODUCIBLE, reproducibleChecks } from '../report/reproduction.ts';
import type { ResultsDocument } from '../verdict/resultsDocument.ts';
import { PLAIN, type TerminalStyle } from './terminalStyle.ts';
import { replayCommand, replayOf } from './commandLineText.ts';

// The end of a run's output: every FAIL, WARN and UNTESTABLE requirement in full,
// grouped by requirement, each failing check with the exchange that proves it, a
// curl command that sends its request again (while its target still answers) and
// the command that replays its scenario. Identical findings are shown once with
// their count, and evidence for the first few of a requirement; the rest are
// listed by message (results.json and report.html keep every check record).

const EVIDENCE_PER_REQUIREMENT = 3;

const EXCHANGE_LINES = 40;

/**
 * One cause that explains many failures (a receiver refusing every correctly signed delivery):
 * said once with one example, and the checks it explains are counted instead of shown.
 */
export interface FailureDiagnosis {
  line: string;
  example: ExchangeExcerpt;
  explains(check: CheckRecord): boolean;
}

interface Finding {
  check: CheckRecord;
  /** Identical records (outcome, scenario, message) of the requirement, their own counts included. */
  count: number;
}

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

/** The same finding recorded again (a generated case repeating one fault) is one finding with a count. */
function findingsOf(checks: readonly CheckRecord[]): Finding[] {
  const byKey = new Map<string, Finding>();
  for (const check of checks) {
    const key = JSON.stringify([check.outcome, check.itemId, check.message]);
    const finding = byKey.get(key);
    if (finding) finding.count += check.count ?? 1;
    else byKey.set(key, { check, count: check.count ?? 1 });
  }
  return [...byKey.values()];
}

function exchangeLines(exchange: ExchangeExcerpt, guide: CurlGuide, by: string): string[] {
  const lines = [`${by}exchange:`, indent(shortened(exchangeText(exchange)), `${by}  `)];
  if (guide.shown) {
    const curl = curlCommand(exchange);
    lines.push(`${by}${curlHeading(curl, guide)}:`, `${by}  ${curl.command}`);
  }
  return lines;
}

function findingLines(
  finding: Finding,
  withEvidence: boolean,
  replay: string | undefined,
  guide: CurlGuide,
  style: TerminalStyle,
): string[] {
  const { check, count } = finding;
  const lines = [`  ${style.outcome(check.outcome)} in ${check.itemId}${count > 1 ? ` (×${count})` : ''}:`, indent(check.message, '    ')];
  if (withEvidence) {
    for (const exchange of check.evidence?.exchanges ?? []) lines.push(...exchangeLines(exchange, guide, '    '));
    for (const fact of check.evidence ? evidenceFacts(check.evidence) : []) lines.push(`    ${fact.label}:`, indent(fact.text, '      '));
  }
  if (replay) lines.push(`    replay: ${replay}`);
  return lines;
}

/** The replay command of each failing check of a requirement, or of the requirement when no check recorded one. */
function replaysOf(document: ResultsDocument, result: RequirementResult): string[] {
  const checks = reproducibleChecks(result);
  return checks.length === 0
    ? [replayCommand(document, undefined, result.id)]
    : checks.map((check) => replayCommand(document, check.itemId, result.id));
}

const onlyOne = (commands: readonly string[]): string | undefined => (new Set(commands).size === 1 ? commands[0] : undefined);

function requirementLines(
  document: ResultsDocument,
  result: RequirementResult,
  context: { guide: CurlGuide; style: TerminalStyle; diagnosis: FailureDiagnosis | undefined; everyReplay: string | undefined },
): string[] {
  const { guide, style, diagnosis, everyReplay } = context;
  const lines = [
    `${style.outcome(result.outcome)} ${result.id} (${result.level}, ${result.source.document} §${result.source.section})`,
    indent(result.statement, '  '),
  ];
  // A replay command shared by every check is written once, after them (shared by every failure: once in all, at the end).
  const shared = onlyOne(replaysOf(document, result));
  const replayLine = (command: string, by: string) => (everyReplay ? [] : [`${by}replay: ${command}`]);
  const checks = reproducibleChecks(result);
  if (checks.length === 0) return [...lines, `  ${result.reason ?? 'no check recorded a result'}`, ...replayLine(shared ?? '', '    ')];
  const explained = diagnosis ? checks.filter((check) => diagnosis.explains(check)) : [];
  if (explained.length > 0) {
    const count = explained.reduce((sum, check) => sum + (check.count ?? 1), 0);
    lines.push(`  ${counted(count, 'check')} failed for the cause above (each in report.html)`);
    if (!shared) lines.push(...replayLine(replayCommand(document, explained[0]?.itemId, result.id), '    '));
  }
  findingsOf(checks.filter((check) => !explained.includes(check))).forEach((finding, index) => {
    const replay = shared ? undefined : replayCommand(document, finding.check.itemId, result.id);
    lines.push(...findingLines(finding, index < EVIDENCE_PER_REQUIREMENT, everyReplay ? undefined : replay, guide, style));
  });
  if (shared) lines.push(...replayLine(shared, '  '));
  return lines;
}

/** The failures section; nothing when every requirement passed, was observed or skipped. */
export function printFailures(
  document: ResultsDocument,
  write: (text: string) => void,
  style: TerminalStyle = PLAIN,
  diagnosis?: FailureDiagnosis,
): void {
  const failing = document.requirements.filter((result) => REPRODUCIBLE.has(result.outcome));
  if (failing.length === 0) return;
  const guide = curlGuide(document, replayOf(document));
  write('');
  write(`Failures (${counted(failing.length, 'requirement')}: FAIL, WARN or UNTESTABLE)`);
  const withExchanges = failing.some((result) => reproducibleChecks(result).some((check) => check.evidence?.exchanges?.length));
  if (guide.note && (withExchanges || diagnosis)) write(guide.note);
  if (guide.mintCommand && (withExchanges || diagnosis)) write(`  ${guide.mintCommand}`);
  if (diagnosis) {
    write('');
    write(diagnosis.line);
    for (const line of exchangeLines(diagnosis.example, guide, '  ')) write(line);
  }
  // A receiver's failures all replay with one command: it is written once, at the end.
  const everyReplay = failing.length > 1 ? onlyOne(failing.flatMap((result) => replaysOf(document, result))) : undefined;
  for (const result of failing) {
    write('');
    for (const line of requirementLines(document, result, { guide, style, diagnosis, everyReplay })) write(line);
  }
  if (everyReplay) {
    write('');
    write(`Replay every failure above: ${everyReplay}`);
  }
}
