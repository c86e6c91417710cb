import type { CheckRecord, Outcome } from '../harness/records/checkRecords.ts';
import { isFailing } from '../harness/records/checkRecords.ts';
import type { RequirementResult } from '../verdict/requirementVerdict.ts';
import type { ResultsDocument } from '../verdict/resultsDocument.ts';
import { requirementPrefixOf } from '../contract/facts/requirementPrefixes.ts';
import { evidenceFacts, exchangeText } from './exchangeText.ts';
import { xmlText } from './xmlText.ts';

// junit.xml for CI systems: one case per requirement the results hold (a narrowed
// run holds only what it selected), timed by the checks that judged it. CI keeps a
// history per test-case name, so a name must be the same in every run: the
// requirement id, never a message, which carries generated ids and statuses. The
// body names the scenario of each check. One test suite per requirement prefix
// (PP, WH, ...). FAIL and UNTESTABLE are failures with the messages and evidence in
// the body, SKIP is skipped, WARN passes with a note (a SHOULD not met does not fail the run).

interface Case {
  classname: string;
  name: string;
  outcome: Outcome;
  message: string;
  detail: string;
  seconds: number;
}

function evidenceText(record: CheckRecord): string {
  const parts: string[] = [];
  if ('observed' in record) parts.push(`observed: ${JSON.stringify(record.observed)}`);
  for (const exchange of record.evidence?.exchanges ?? []) parts.push(exchangeText(exchange));
  for (const fact of record.evidence ? evidenceFacts(record.evidence) : []) parts.push(`${fact.label}: ${fact.text}`);
  return parts.join('\n\n');
}

const counted = (check: CheckRecord) =>
  `${check.outcome} ${check.itemId}: ${check.message}${check.count && check.count > 1 ? ` (×${check.count})` : ''}`;

function checkText(check: CheckRecord): string {
  const evidence = evidenceText(check);
  return evidence ? `${counted(check)}\n\n${evidence}` : counted(check);
}

function caseOf(result: RequirementResult): Case {
  const { checks } = result;
  if (checks.length === 0) {
    const message = result.reason ?? result.statement;
    return { classname: result.id, name: result.id, outcome: result.outcome, message, detail: result.statement, seconds: 0 };
  }
  const outcome = result.outcome;
  const telling = checks.filter((check) => check.outcome === outcome);
  const others = checks.filter((check) => check.outcome !== outcome);
  const more = telling.length > 1 ? ` (and ${telling.length - 1} more)` : '';
  return {
    classname: result.id,
    name: result.id,
    outcome,
    message: `${telling[0]?.message ?? ''}${more}`,
    detail: [result.statement, ...telling.map(checkText), ...others.map(counted)].join('\n\n----\n\n'),
    seconds: checks.reduce((sum, check) => sum + (check.elapsedMs ?? 0), 0) / 1000,
  };
}

const isFailure = (test: Case) => isFailing(test.outcome);
const totalSeconds = (cases: readonly Case[]) => cases.reduce((sum, test) => sum + test.seconds, 0);

function caseXml(test: Case): string {
  const open = `    <testcase classname="${xmlText(test.classname)}" name="${xmlText(test.name)}" time="${test.seconds.toFixed(3)}"`;
  switch (test.outcome) {
    case 'FAIL':
    case 'UNTESTABLE':
      return `${open}>\n      <failure type="${test.outcome}" message="${xmlText(test.message)}">${xmlText(test.detail)}</failure>\n    </testcase>`;
    case 'SKIP':
      return `${open}>\n      <skipped message="${xmlText(test.message)}"/>\n    </testcase>`;
    case 'WARN':
      return `${open}>\n      <system-out>${xmlText(`WARN (SHOULD not met): ${test.message}\n\n${test.detail}`)}</system-out>\n    </testcase>`;
    default:
      return test.detail ? `${open}>\n      <system-out>${xmlText(test.detail)}</system-out>\n    </testcase>` : `${open}/>`;
  }
}

function suiteXml(name: string, cases: Case[], timestamp: string): string {
  const failures = cases.filter(isFailure).length;
  const skipped = cases.filter((test) => test.outcome === 'SKIP').length;
  return [
    `  <testsuite name="${xmlText(name)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${totalSeconds(cases).toFixed(3)}" timestamp="${xmlText(timestamp)}">`,
    ...cases.map(caseXml),
    '  </testsuite>',
  ].join('\n');
}

export function junitXml(document: ResultsDocument): string {
  const byPrefix = new Map<string, Case[]>();
  for (const result of document.requirements) {
    const prefix = requirementPrefixOf(result.id);
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), caseOf(result)]);
  }
  const all = [...byPrefix.values()].flat();
  const failures = all.filter(isFailure).length;
  const skipped = all.filter((test) => test.outcome === 'SKIP').length;
  const seconds = Math.max(0, (Date.parse(document.finishedAt) - Date.parse(document.startedAt)) / 1000);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="banking-api-conformance: ${xmlText(document.target.name)}" tests="${all.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds.toFixed(3)}">`,
    ...[...byPrefix.entries()].map(([prefix, cases]) => suiteXml(prefix, cases, document.startedAt)),
    '</testsuites>',
    '',
  ].join('\n');
}
