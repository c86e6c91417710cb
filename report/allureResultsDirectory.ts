import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

// Allure results of a run live in DIR/allure-results; `npm run report` turns
// reports/allure-results into reports/allure-report with the allure CLI. Each
// run starts from an empty directory so a report never mixes two runs.

export const allureResultsDir = (reportDir: string): string => join(reportDir, 'allure-results');

/** DIR/allure-results, emptied: a report never mixes two runs. */
export function freshAllureResultsDir(reportDir: string): string {
  const resultsDir = allureResultsDir(reportDir);
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });
  return resultsDir;
}

/** Shards' results are independent files (one per test, uuid-named): merging is copying them side by side. */
export function copyAllureResults(fromReportDirs: readonly string[], toReportDir: string): number {
  const target = allureResultsDir(toReportDir);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  let copied = 0;
  for (const dir of fromReportDirs) {
    const source = allureResultsDir(dir);
    if (!existsSync(source)) continue;
    cpSync(source, target, { recursive: true });
    copied += 1;
  }
  return copied;
}
