import { dirname } from 'node:path';
import { requirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import { counted } from '../harness/records/counted.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { DEFAULT_REPORTERS } from '../report/reporters.ts';
import { catalogueHash } from '../verdict/catalogueHash.ts';
import { compareResults } from '../verdict/resultsComparison.ts';
import { readEarlierRun, readResults, resultsPath } from '../verdict/resultsFile.ts';
import { mergeResults } from '../verdict/resultsMerge.ts';
import { narrowedByText } from './commandLineText.ts';
import { conduct, conductSettings } from './conduct.ts';

// `banking-api-conformance merge DIR... --report-dir OUT`: one verdict and one set of reports
// (results.json, junit.xml, report.html, summary.md, allure-results) from the report directories of
// several runs, typically the shards of a CI matrix. Its judging is the runs' check records judged
// again together (verdict/resultsMerge.ts); it ends as every judging command does, through conduct.

export interface MergeOptions {
  reportDir: string;
  compare?: string;
}

export async function mergeCommand(
  locations: readonly string[],
  options: MergeOptions,
  print: (text: string) => void,
  redactor: SecretRedactor,
): Promise<number> {
  // The reports a run writes unless told otherwise; the runs' exchanges are not in their results, so no HAR.
  const settings = conductSettings(options, { reporters: new Set(DEFAULT_REPORTERS) }, print, redactor);
  return conduct(settings, async () => {
    const documents = locations.map(readResults);
    const merged = mergeResults(documents, requirementCatalogue(), catalogueHash(), narrowedByText);
    if (options.compare) merged.comparison = compareResults(readEarlierRun(options.compare, '--compare'), merged);
    settings.say(`Merged ${counted(documents.length, 'result')}: ${locations.map(resultsPath).join(', ')}`);
    return {
      document: merged,
      reports: [],
      exchanges: [],
      allureEnvironment: {},
      joinedFrom: locations.map((location) => dirname(resultsPath(location))),
    };
  });
}
