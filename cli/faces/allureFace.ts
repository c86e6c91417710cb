import { counted } from '../../harness/records/counted.ts';
import { attachContainerLog } from '../../report/allureContainerLog.ts';
import { allureResultsDir, copyAllureResults } from '../../report/allureResultsDirectory.ts';
import { writeAllureResults } from '../../report/allureWriter.ts';
import type { Face, FinishedRun } from './face.ts';
import { allureCli } from '../allureReportCommand.ts';
import { SUGGESTIONS } from '../suggestions.ts';

// Allure: one test per scenario's report in DIR/allure-results (report/allureWriter.ts), with a
// container target's log attached to them all; for the runs `merge` joins, their own results copied
// side by side. `report` builds the HTML from it where the allure package is installed, and the line
// says what to install where it is not.

/** What the line calls the results written, or undefined where none were. */
async function writtenResults(reportDir: string, run: FinishedRun): Promise<string | undefined> {
  if (run.joinedFrom) {
    const copied = copyAllureResults(run.joinedFrom, reportDir);
    // None of the joined runs wrote Allure results: an empty folder is no report to name.
    return copied > 0 ? `Allure results of ${counted(copied, 'run')} in ${allureResultsDir(reportDir)}` : undefined;
  }
  const dir = await writeAllureResults(reportDir, run.reports, run.allureEnvironment);
  if (run.document.container) attachContainerLog(reportDir, run.document.container);
  return `Allure results in ${dir}`;
}

export const allureFace: Face = {
  name: 'allure',
  open: (settings) =>
    settings.reporters.has('allure')
      ? {
          async finish(run) {
            const written = await writtenResults(settings.reportDir, run);
            if (written === undefined) return {};
            // The report command is offered only where it can build the HTML; elsewhere what to install first.
            const build = SUGGESTIONS.buildAllure(settings.reportDir);
            const how =
              'script' in allureCli()
                ? `${build} builds the Allure HTML`
                : `the Allure HTML needs the allure package: ${SUGGESTIONS.installAllure()}, then ${build}`;
            return { reports: [`${written} (${how})`] };
          },
        }
      : undefined,
};
