import type { CheckRecord, ExchangeExcerpt } from '../harness/records/checkRecords.ts';
import type { RequirementResult } from '../run/requirementVerdict.ts';
import { evidenceFacts, exchangeText } from '../report/exchangeText.ts';
import {
  type CurlGuide,
  curlCommand,
  curlGuide,
  curlHeading,
  replayCommand,
  REPRODUCIBLE,
  reproducibleChecks,
} from '../report/reproduction.ts';
import type { ResultsDocument } from '../run/resultsDocument.ts';
import { PLAIN, type TerminalStyle } from './terminalStyle.ts';

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
    const key = JSON.stringify([check.outcome, check.scenarioId, check.message]);
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
  const lines = [
    `  ${style.outcome(check.outcome)} in ${check.scenarioId}${count > 1 ? ` (×${count})` : ''}:`,
    indent(check.message, '    '),
  ];
  if (withEvidence) {
    for (const exchange of check.evidence?.exchanges ?? []) lines.push(...exchangeLines(exchange, guide, '    '));
    for (const fact of check.evidence ? evidenceFacts(check.evidence) : []) lines.push(`    ${fact.label}:`, indent(fact.text, '      '));
  }
  if (replay) lines.push(`    replay: ${replay}`);
  return lines;
}

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
  const checks = reproducibleChecks(result);
  if (checks.length === 0) {
    lines.push(`  ${result.reason ?? 'no check recorded a result'}`);
    if (!everyReplay) lines.push(`    replay: ${replayCommand(document, undefined, result.id)}`);
    return lines;
  }
  const explained = diagnosis ? checks.filter((check) => diagnosis.explains(check)) : [];
  const findings = findingsOf(checks.filter((check) => !explained.includes(check)));
  const replays = [...findings, ...explained.map((check) => ({ check, count: 1 }))].map((finding) =>
    replayCommand(document, finding.check.scenarioId, result.id),
  );
  // A replay command shared by the whole requirement is written once, after its checks (by every failure: once in all).
  const shared = everyReplay ?? (new Set(replays).size === 1 ? replays[0] : undefined);
  if (explained.length > 0) {
    const count = explained.reduce((sum, check) => sum + (check.count ?? 1), 0);
    lines.push(`  ${count} check(s) failed for the cause above (each in report.html)`);
    if (!shared) lines.push(`    replay: ${replays[findings.length]}`);
  }
  findings.forEach((finding, index) =>
    lines.push(...findingLines(finding, index < EVIDENCE_PER_REQUIREMENT, shared ? undefined : replays[index], guide, style)),
  );
  if (shared && !everyReplay) lines.push(`  replay: ${shared}`);
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
  const guide = curlGuide(document);
  write('');
  write(`Failures (${failing.length} requirement(s): FAIL, WARN or UNTESTABLE)`);
  const withExchanges = failing.some((result) => reproducibleChecks(result).some((check) => check.evidence?.exchanges?.length));
  if (guide.note && (withExchanges || diagnosis)) write(guide.note);
  if (guide.mintCommand && (withExchanges || diagnosis)) write(`  ${guide.mintCommand}`);
  if (diagnosis) {
    write('');
    write(diagnosis.line);
    for (const line of exchangeLines(diagnosis.example, guide, '  ')) write(line);
  }
  const replays = new Set(
    failing.flatMap((result) => {
      const checks = reproducibleChecks(result);
      return checks.length === 0
        ? [replayCommand(document, undefined, result.id)]
        : checks.map((check) => replayCommand(document, check.scenarioId, result.id));
    }),
  );
  // A receiver's failures all replay with one command: it is written once, at the end.
  const everyReplay = failing.length > 1 && replays.size === 1 ? [...replays][0] : undefined;
  for (const result of failing) {
    write('');
    for (const line of requirementLines(document, result, { guide, style, diagnosis, everyReplay })) write(line);
  }
  if (everyReplay) {
    write('');
    write(`Replay every failure above: ${everyReplay}`);
  }
}
