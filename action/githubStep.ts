import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OUTCOMES } from '../harness/checkRecords.ts';
import { readResults } from '../run/resultsFile.ts';
import { failingRequirements, summaryMarkdown } from '../report/summaryMarkdown.ts';
import type { ResultsDocument } from '../run/resultsDocument.ts';

// The GitHub side of the action (action.yml), after the suite ran: the step's outputs
// (verdict, exit code, counts) to $GITHUB_OUTPUT, the run's summary.md to
// $GITHUB_STEP_SUMMARY, and one ::error annotation per requirement failing the run.
// It never decides the step's result: action.yml exits with the suite's exit code.

/** Workflow-command data: %, CR and LF escaped; in a property also ':' and ','. */
const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function annotations(document: ResultsDocument): string[] {
  return failingRequirements(document).map((result) => {
    const found = result.checks.find((check) => check.outcome === result.outcome)?.message ?? result.reason ?? 'no check recorded a result';
    return `::error title=${escapeProperty(`${result.id} ${result.outcome}`)}::${escapeData(`${result.id} (${result.level}): ${result.statement}\n${found}`)}`;
  });
}

export function outputs(document: ResultsDocument | undefined, exitCode: number): Record<string, string> {
  const counts = document ? document.counts : undefined;
  return {
    verdict: document?.verdict ?? 'error',
    'exit-code': String(exitCode),
    counts: JSON.stringify(counts ?? {}),
    ...Object.fromEntries(OUTCOMES.map((outcome) => [outcome.toLowerCase(), String(counts?.[outcome] ?? 0)])),
  };
}

const setupErrorSummary = (exitCode: number): string =>
  `## Banking API conformance: no verdict (exit ${exitCode})\n\nThe suite stopped before judging (a setup or usage error): the log of the run step says what to fix.\n`;

/** What the step writes for the run whose reports are in `reportDir` and that exited `exitCode`. */
export function reportStep(reportDir: string, exitCode: number, env: NodeJS.ProcessEnv, print: (line: string) => void): void {
  const resultsFile = join(reportDir, 'results.json');
  const document = exitCode <= 1 && existsSync(resultsFile) ? readResults(resultsFile) : undefined;
  const outputFile = env.GITHUB_OUTPUT;
  if (outputFile)
    appendFileSync(
      outputFile,
      Object.entries(outputs(document, exitCode))
        .map(([name, value]) => `${name}=${value}\n`)
        .join(''),
    );
  const summaryFile = join(reportDir, 'summary.md');
  const summary = document
    ? existsSync(summaryFile)
      ? readFileSync(summaryFile, 'utf8')
      : summaryMarkdown(document)
    : setupErrorSummary(exitCode);
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, summary);
  if (!document) {
    if (exitCode !== 0)
      print(`::error title=banking-api-conformance::${escapeData(`the suite exited ${exitCode} before judging: see the run step's log`)}`);
    return;
  }
  for (const line of annotations(document)) print(line);
}
