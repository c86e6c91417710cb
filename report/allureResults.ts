import type { Writer } from 'allure-js-commons/sdk/reporter';
import AllureVitestReporter from 'allure-vitest/reporter';
import type { RunnerTask } from 'vitest';
import { experimental_getRunnerTask, type TestCase, type TestModule, type Vitest } from 'vitest/node';
import { DeferredAllureWriter } from './allureDeferredWriter.ts';
import { freshAllureResultsDir } from './allureResultsDirectory.ts';

/**
 * allure-vitest, writing through DeferredAllureWriter; the run ends once every file is written.
 * allure-vitest writes every test's result when the run ends; here each is written as its test
 * ends, so the run's end waits for few files.
 */
class RunAllureReporter extends AllureVitestReporter {
  private readonly written = new Set<string>();
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

  onTestCaseResult(testCase: TestCase): void {
    this.handleTask(experimental_getRunnerTask(testCase));
  }

  /** allure-vitest's walk over the run's tests at its end meets those already written: once each. */
  override handleTask(task: RunnerTask): void {
    if (task.type === 'test') {
      if (this.written.has(task.id)) return;
      this.written.add(task.id);
      // The face's test only replays its scenario's report, after the run: Allure shows when the scenario ran and how long.
      const report = task.meta.conformance;
      if (report && task.result) Object.assign(task.result, { startTime: report.startedMs, duration: report.durationMs });
    }
    super.handleTask(task);
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
