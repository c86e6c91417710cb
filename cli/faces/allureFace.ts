import { attachContainerLog } from '../../report/allureContainerLog.ts';
import { writeAllureResults } from '../../report/allureWriter.ts';
import type { Face } from './face.ts';

// Allure: one test per scenario's report in DIR/allure-results (report/allureWriter.ts), with a
// container target's log attached to them all; `report` builds the HTML from it.

export const allureFace: Face = {
  name: 'allure',
  open: (settings) =>
    settings.reporters.has('allure')
      ? {
          async finish(run) {
            const dir = await writeAllureResults(settings.reportDir, run.reports, run.allureEnvironment);
            if (run.document.container) attachContainerLog(settings.reportDir, run.document.container);
            return {
              reports: [
                `Allure results in ${dir} (npx banking-api-conformance report --report-dir ${settings.reportDir} builds the Allure HTML)`,
              ],
            };
          },
        }
      : undefined,
};
