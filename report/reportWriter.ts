import { htmlReport } from './html/htmlReport.ts';
import { junitXml } from './junitReport.ts';
import { summaryMarkdown } from './summaryMarkdown.ts';
import type { ResultsDocument } from '../verdict/resultsDocument.ts';
import type { ItemReport } from '../harness/engine/engineEvents.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';

// The file reports of a judged run, rendered from its results document: junit.xml (CI systems),
// report.html (people) and summary.md (Markdown for CI summaries and PR comments). The faces
// write them (cli/faces/documentFaces.ts), each from the document redacted once up front so no
// report can show a token, with the replay commands the command line's words
// (cli/commandLineText.ts: replayOf).

export const FILE_REPORTS = {
  html: { file: 'report.html', render: htmlReport },
  junit: { file: 'junit.xml', render: junitXml },
  summary: { file: 'summary.md', render: summaryMarkdown },
} as const;

export function redactedDocument(document: ResultsDocument, redactor: SecretRedactor): ResultsDocument {
  return JSON.parse(redactor.text(JSON.stringify(document))) as ResultsDocument;
}

/** The scenarios' reports as the faces that show them (Allure) may: with no secret of the run. */
export const redactedReports = (reports: readonly ItemReport[], redactor: SecretRedactor): ItemReport[] =>
  JSON.parse(redactor.text(JSON.stringify(reports))) as ItemReport[];
