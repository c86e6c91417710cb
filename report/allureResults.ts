import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Writer } from 'allure-js-commons/sdk/reporter';
import AllureVitestReporter from 'allure-vitest/reporter';
import type { TestModule, Vitest } from 'vitest/node';
import { DeferredAllureWriter } from './allureDeferredWriter.ts';

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

/** allure-vitest, writing through DeferredAllureWriter; the run ends once every file is written. */
class RunAllureReporter extends AllureVitestReporter {
  constructor(
    config: ConstructorParameters<typeof AllureVitestReporter>[0],
    private readonly writer: DeferredAllureWriter,
  ) {
    super(config);
  }

  override onInit(vitest: Vitest): void {
    super.onInit(vitest);
    // allure-vitest offers no writer option: its runtime's writer is swapped once it exists.
    const runtime = (this as unknown as { allureReporterRuntime?: { writer: Writer } }).allureReporterRuntime;
    if (!runtime) throw new Error('allure-vitest changed: its reporter has no allureReporterRuntime to write through');
    runtime.writer = this.writer;
  }

  override async onTestRunEnd(tests: ReadonlyArray<TestModule>): Promise<void> {
    super.onTestRunEnd(tests);
    await this.writer.settled();
  }
}

export function allureReporter(reportDir: string, environment: Record<string, string>): AllureVitestReporter {
  const resultsDir = freshAllureResultsDir(reportDir);
  return new RunAllureReporter({ resultsDir, environmentInfo: environment }, new DeferredAllureWriter(resultsDir));
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
