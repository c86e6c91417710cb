import { attachContainerLog } from '../../report/allureContainerLog.ts';
import { writeAllureResults } from '../../report/allureWriter.ts';
import type { Face } from './face.ts';
import { allureCli } from '../allureReportCommand.ts';
import { SUGGESTIONS } from '../suggestions.ts';

// Allure: one test per scenario's report in DIR/allure-results (report/allureWriter.ts), with a
// container target's log attached to them all; `report` builds the HTML from it where the allure
// package is installed, and the line says what to install where it is not.

export const allureFace: Face = {
  name: 'allure',
  open: (settings) =>
    settings.reporters.has('allure')
      ? {
          async finish(run) {
            const dir = await writeAllureResults(settings.reportDir, run.reports, run.allureEnvironment);
            if (run.document.container) attachContainerLog(settings.reportDir, run.document.container);
            // The report command is offered only where it can build the HTML; elsewhere what to install first.
            const build = SUGGESTIONS.buildAllure(settings.reportDir);
            const how =
              'script' in allureCli()
                ? `${build} builds the Allure HTML`
                : `the Allure HTML needs the allure package: ${SUGGESTIONS.installAllure()}, then ${build}`;
            return { reports: [`Allure results in ${dir} (${how})`] };
          },
        }
      : undefined,
};
