import { dirname } from 'node:path';
import { EXIT } from './exitCodes.ts';
import { printSummary, terminalColumns } from './summaryPrinter.ts';
import { requirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { copyAllureResults } from '../report/allureResultsDirectory.ts';
import { catalogueHash } from '../verdict/catalogueHash.ts';
import { compareResults } from '../verdict/resultsComparison.ts';
import { readEarlierRun, readResults, resultsPath } from '../verdict/resultsFile.ts';
import { mergeResults } from '../verdict/resultsMerge.ts';
import { writeReports } from '../report/reportWriter.ts';
import { narrowedByText, replayOf } from './commandLineText.ts';
import { counted } from '../harness/records/counted.ts';

// `banking-api-conformance merge DIR... --report-dir OUT`: one verdict and one
// set of reports (results.json, junit.xml, report.html, allure-results) from the
// report directories of several runs, typically the shards of a CI matrix.

export interface MergeOptions {
  reportDir: string;
  compare?: string;
}

export function mergeCommand(
  locations: readonly string[],
  options: MergeOptions,
  write: (text: string) => void,
  redactor: SecretRedactor,
): number {
  const documents = locations.map(readResults);
  const merged = mergeResults(documents, requirementCatalogue(), catalogueHash(), narrowedByText);
  if (options.compare) merged.comparison = compareResults(readEarlierRun(options.compare, '--compare'), merged);
  const paths = writeReports(options.reportDir, merged, redactor, replayOf(merged));
  const allure = copyAllureResults(
    locations.map((location) => dirname(resultsPath(location))),
    options.reportDir,
  );
  write(`Merged ${counted(documents.length, 'result')}: ${locations.map(resultsPath).join(', ')}`);
  printSummary(merged, write, { quiet: false, columns: terminalColumns(process.stdout) });
  write(
    `Reports: ${paths.results}, ${paths.junit}, ${paths.html}, ${paths.summary}${allure > 0 ? `, Allure results of ${counted(allure, 'run')}` : ''}`,
  );
  return merged.verdict === 'conformant' ? EXIT.conformant : EXIT.nonConformant;
}
