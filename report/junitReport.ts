import type { CheckRecord } from '../harness/checkRecords.ts';
import type { RequirementResult } from '../harness/requirementVerdict.ts';
import type { ResultsDocument } from '../cli/resultsDocument.ts';
import { evidenceFacts, exchangeText } from './exchangeText.ts';
import { xmlText } from './xmlText.ts';

// reports/junit.xml for CI systems: one test case per requirement check, named
// so a CI page reads "requirement id / scenario: what happened". One test suite
// per requirement prefix (PP, WH, ...). FAIL and UNTESTABLE are failures, SKIP is
// skipped, WARN passes with a note (a SHOULD not met does not fail the run).

interface Case {
  classname: string;
  name: string;
  outcome: CheckRecord['outcome'];
  message: string;
  detail: string;
}

function evidenceText(record: CheckRecord): string {
  const parts: string[] = [];
  if ('observed' in record) parts.push(`observed: ${JSON.stringify(record.observed)}`);
  for (const exchange of record.evidence?.exchanges ?? []) parts.push(exchangeText(exchange));
  for (const fact of record.evidence ? evidenceFacts(record.evidence) : []) parts.push(`${fact.label}: ${fact.text}`);
  return parts.join('\n\n');
}

function casesOf(result: RequirementResult): Case[] {
  if (result.checks.length === 0) {
    const message = result.reason ?? result.statement;
    return [{ classname: result.id, name: message, outcome: result.outcome, message, detail: result.statement }];
  }
  return result.checks.map((check) => ({
    classname: result.id,
    name: `${check.scenarioId}: ${check.message}${check.count && check.count > 1 ? ` (×${check.count})` : ''}`,
    outcome: check.outcome,
    message: check.message,
    detail: evidenceText(check),
  }));
}

function caseXml(test: Case): string {
  const open = `    <testcase classname="${xmlText(test.classname)}" name="${xmlText(test.name)}"`;
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
  const failures = cases.filter((test) => test.outcome === 'FAIL' || test.outcome === 'UNTESTABLE').length;
  const skipped = cases.filter((test) => test.outcome === 'SKIP').length;
  return [
    `  <testsuite name="${xmlText(name)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" timestamp="${xmlText(timestamp)}">`,
    ...cases.map(caseXml),
    '  </testsuite>',
  ].join('\n');
}

export function junitXml(document: ResultsDocument): string {
  const byPrefix = new Map<string, Case[]>();
  for (const result of document.requirements) {
    const prefix = result.id.split('-')[0] ?? result.id;
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), ...casesOf(result)]);
  }
  const all = [...byPrefix.values()].flat();
  const failures = all.filter((test) => test.outcome === 'FAIL' || test.outcome === 'UNTESTABLE').length;
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
