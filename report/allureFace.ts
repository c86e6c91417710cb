import { fileURLToPath } from 'node:url';
import { createVitest } from 'vitest/node';
import type { ScenarioReport } from '../harness/engine/engineEvents.ts';
import { allureReporter } from './allureResults.ts';

// The Allure face: a finished run's reports (of `run` or `receiver`) through vitest and
// allure-vitest, the stack's Allure route. vitest's conformance project
// (report/conformance.vitest.config.ts) registers one test per report, which ends as the
// report says (harness/vitestFace/vitestFace.ts); nothing runs a scenario or judges a check again.

const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = fileURLToPath(new URL('./conformance.vitest.config.ts', import.meta.url));

export async function writeAllureThroughVitest(
  reportDir: string,
  reports: readonly ScenarioReport[],
  environment: Record<string, string>,
): Promise<void> {
  // Allure never shows the whole exchanges of --har: they would only cross to the worker for nothing.
  const provided = reports.map(({ exchanges: _exchanges, ...report }) => report);
  const vitest = await createVitest('test', {
    root: PACKAGE_ROOT,
    config: CONFIG,
    watch: false,
    reporters: [allureReporter(reportDir, environment)],
  });
  try {
    for (const project of vitest.projects) project.provide('conformanceReports', provided);
    await vitest.start([]);
  } finally {
    await vitest.close();
  }
}
