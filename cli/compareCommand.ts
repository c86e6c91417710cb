import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SetupError } from '../harness/records/setupError.ts';
import { requirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import { parityPage } from '../report/html/parityPage.ts';
import { parityMarkdown } from '../report/parityMarkdown.ts';
import { countOf, parityTable } from '../report/parityTable.ts';
import { readEarlierRun, resultsPath } from '../verdict/resultsFile.ts';
import { EXIT } from './exitCodes.ts';

// `banking-api-conformance compare --observed A B`: the parity table of two runs'
// observations (e.g. the vendor sandbox and the emulator calibrated from it),
// printed as Markdown and, with --report-dir, written as parity.md and parity.html.
// Exit 0 when no observation differs, 1 when one does, 2 on a file that is no results.json.

export interface CompareOptions {
  observed?: string[];
  reportDir?: string;
}

// The documents were redacted when their runs wrote them: nothing here adds a secret.
export function compareCommand(options: CompareOptions, write: (text: string) => void): number {
  const locations = options.observed ?? [];
  if (locations.length !== 2)
    throw new SetupError(`compare --observed takes two results.json files (or report directories); got ${locations.length}`);
  const [a, b] = locations.map((location) => ({
    source: resultsPath(location),
    results: readEarlierRun(location, '--observed'),
  }));
  const observe = requirementCatalogue()
    .all()
    .filter((requirement) => requirement.level === 'OBSERVE');
  const table = parityTable(a!, b!, observe);
  const markdown = parityMarkdown(table);
  write(markdown);
  if (options.reportDir) {
    mkdirSync(options.reportDir, { recursive: true });
    const [md, page] = [join(options.reportDir, 'parity.md'), join(options.reportDir, 'parity.html')];
    writeFileSync(md, markdown);
    writeFileSync(page, parityPage(table));
    write(`Reports: ${md}, ${page}`);
  }
  return countOf(table, 'different') === 0 ? EXIT.conformant : EXIT.nonConformant;
}
