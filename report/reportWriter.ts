import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ResultsDocument, writeResults } from '../run/resultsDocument.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { htmlReport } from './html/htmlReport.ts';
import { junitXml } from './junitReport.ts';
import { summaryMarkdown } from './summaryMarkdown.ts';

// Writes the reports of a run from one results document: results.json
// (machine-readable), junit.xml (CI systems), report.html (people) and summary.md
// (Markdown for CI summaries and PR comments). The
// document is redacted once up front so no report can show a token.

export interface ReportPaths {
  results: string;
  junit: string;
  html: string;
  summary: string;
}

export function redactedDocument(document: ResultsDocument, redactor: SecretRedactor): ResultsDocument {
  return JSON.parse(redactor.text(JSON.stringify(document))) as ResultsDocument;
}

export function writeReports(dir: string, document: ResultsDocument, redactor: SecretRedactor): ReportPaths {
  const redacted = redactedDocument(document, redactor);
  const results = writeResults(dir, redacted);
  const junit = join(dir, 'junit.xml');
  writeFileSync(junit, junitXml(redacted));
  const html = join(dir, 'report.html');
  writeFileSync(html, htmlReport(redacted));
  const summary = join(dir, 'summary.md');
  writeFileSync(summary, summaryMarkdown(redacted));
  return { results, junit, html, summary };
}
