import type { Reporter, TestCase, TestModule, TestSuite } from 'vitest/node';
import { type Outcome, worstOutcome } from '../harness/checkRecords.ts';
import type { ConformanceMeta } from '../harness/scenarioRunner.ts';
import { describeUndeclared } from '../harness/sharedState.ts';

// The execute stage's way back from the vitest workers: collects the check
// records each conformance test carries in its meta and tells a listener (the
// terminal's progress display) as each scenario finishes. Problems of the suite
// itself (a file that does not load) are kept apart: they are not the target's fault.

export interface ExecutionListener {
  areaStarted(area: string): void;
  scenarioFinished(area: string, scenarioId: string, outcome: Outcome, checks: number): void;
  /** A scenario's note (shown with --verbose). */
  line(text: string): void;
}

export class ScenarioCollector implements Reporter {
  readonly scenarios: ConformanceMeta[] = [];
  readonly suiteErrors: string[] = [];

  constructor(
    private readonly listener: ExecutionListener,
    private readonly verbose: boolean,
  ) {}

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta().conformance;
    if (!meta) return;
    this.scenarios.push(meta);
    // A scenario that used shared state it did not declare may have disturbed others: the suite's defect, not the target's.
    for (const use of meta.undeclared ?? []) this.suiteErrors.push(describeUndeclared(use));
    const outcome = worstOutcome(meta.records.map((record) => record.outcome)) ?? 'SKIP';
    this.listener.scenarioFinished(meta.area, meta.scenarioId, outcome, meta.records.length);
  }

  /** harness/scenarioRunner.ts names each area's describe block after the area. */
  onTestSuiteReady(testSuite: TestSuite): void {
    this.listener.areaStarted(testSuite.name);
  }

  onTestModuleEnd(testModule: TestModule): void {
    for (const error of testModule.errors()) this.suiteErrors.push(`${testModule.moduleId}: ${error.message}`);
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string }>): void {
    for (const error of unhandledErrors) this.suiteErrors.push(`unhandled error: ${error.message ?? String(error)}`);
  }

  onUserConsoleLog(log: { content: string }): void {
    if (this.verbose) this.listener.line(`    ${log.content.trimEnd()}`);
  }
}
