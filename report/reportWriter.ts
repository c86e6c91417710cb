import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ResultsDocument, writeResults } from '../verdict/resultsDocument.ts';
import type { ScenarioReport } from '../harness/engine/engineEvents.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { htmlReport } from './html/htmlReport.ts';
import { junitXml } from './junitReport.ts';
import { summaryMarkdown } from './summaryMarkdown.ts';
import { REPORTERS, type Reporter } from './reporters.ts';
import type { Replay } from './reproduction.ts';

// Writes the reports of a run from one results document: results.json
// (machine-readable), junit.xml (CI systems), report.html (people) and summary.md
// (Markdown for CI summaries and PR comments). The
// document is redacted once up front so no report can show a token; the replay commands
// are the command line's words, handed in (cli/commandLineText.ts: replayOf).

export const FILE_REPORTS = {
  html: { file: 'report.html', render: htmlReport },
  junit: { file: 'junit.xml', render: junitXml },
  summary: { file: 'summary.md', render: summaryMarkdown },
} as const;

export interface ReportPaths {
  results: string;
  junit: string;
  html: string;
  summary: string;
}

export function redactedDocument(document: ResultsDocument, redactor: SecretRedactor): ResultsDocument {
  return JSON.parse(redactor.text(JSON.stringify(document))) as ResultsDocument;
}

/** The scenarios' reports as the faces that show them (Allure) may: with no secret of the run. */
export const redactedReports = (reports: readonly ScenarioReport[], redactor: SecretRedactor): ScenarioReport[] =>
  JSON.parse(redactor.text(JSON.stringify(reports))) as ScenarioReport[];

export interface ChosenReportPaths {
  results: string;
  /** The chosen file reports written (report.html, junit.xml, summary.md), in that order. */
  reports: string[];
}

/** results.json, always, and the chosen file reports among html, junit and summary. */
export function writeChosenReports(
  dir: string,
  document: ResultsDocument,
  redactor: SecretRedactor,
  chosen: ReadonlySet<Reporter>,
  replay: Replay,
): ChosenReportPaths {
  const redacted = redactedDocument(document, redactor);
  const results = writeResults(dir, redacted);
  const reports: string[] = [];
  for (const [name, report] of Object.entries(FILE_REPORTS)) {
    if (!chosen.has(name as Reporter)) continue;
    const path = join(dir, report.file);
    writeFileSync(path, report.render(redacted, replay));
    reports.push(path);
  }
  return { results, reports };
}

export function writeReports(dir: string, document: ResultsDocument, redactor: SecretRedactor, replay: Replay): ReportPaths {
  const { results, reports } = writeChosenReports(dir, document, redactor, new Set(REPORTERS), replay);
  const [html, junit, summary] = reports;
  if (!html || !junit || !summary) throw new Error('every report was chosen, and fewer were written');
  return { results, junit, html, summary };
}
