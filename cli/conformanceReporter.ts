import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { worstOutcome } from '../harness/checkRecords.ts';
import type { ConformanceMeta } from '../harness/scenarioRunner.ts';
import type { ProgressDisplay } from './progressDisplay.ts';

// Collects the check records each conformance test carries and shows progress as
// each scenario finishes (cli/progressDisplay.ts). Problems of the suite itself (a
// file that does not load) are kept apart: they are not the target's fault.

export class ConformanceReporter implements Reporter {
  readonly scenarios: ConformanceMeta[] = [];
  readonly suiteErrors: string[] = [];

  constructor(
    private readonly progress: ProgressDisplay,
    private readonly verbose: boolean,
  ) {}

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta().conformance;
    if (!meta) return;
    this.scenarios.push(meta);
    const outcome = worstOutcome(meta.records.map((record) => record.outcome)) ?? 'SKIP';
    this.progress.scenarioFinished(meta.area, meta.scenarioId, outcome, meta.records.length);
  }

  onTestModuleStart(testModule: TestModule): void {
    const area = /suites\/([^/]+)\//.exec(testModule.moduleId)?.[1];
    if (area) this.progress.areaStarted(area);
  }

  onTestModuleEnd(testModule: TestModule): void {
    for (const error of testModule.errors()) this.suiteErrors.push(`${testModule.moduleId}: ${error.message}`);
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string }>): void {
    for (const error of unhandledErrors) this.suiteErrors.push(`unhandled error: ${error.message ?? String(error)}`);
  }

  onUserConsoleLog(log: { content: string }): void {
    if (this.verbose) this.progress.line(`    ${log.content.trimEnd()}`);
  }
}
