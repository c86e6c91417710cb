import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { worstOutcome } from '../harness/checkRecords.ts';
import type { ConformanceMeta } from '../harness/scenarioRunner.ts';

// Collects the check records each conformance test carries and prints one
// progress line per scenario as it finishes. Problems of the suite itself (a
// file that does not load) are kept apart: they are not the target's fault.

export class ConformanceReporter implements Reporter {
  readonly scenarios: ConformanceMeta[] = [];
  readonly suiteErrors: string[] = [];
  private finished = 0;

  constructor(
    private readonly total: number,
    private readonly write: (line: string) => void,
    private readonly verbose: boolean,
  ) {}

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta().conformance;
    if (!meta) return;
    this.scenarios.push(meta);
    this.finished += 1;
    const outcome = worstOutcome(meta.records.map((record) => record.outcome)) ?? 'SKIP';
    const width = String(this.total).length;
    this.write(`[${String(this.finished).padStart(width)}/${this.total}] ${outcome.padEnd(10)} ${meta.scenarioId} (${meta.records.length} checks)`);
  }

  onTestModuleEnd(testModule: TestModule): void {
    for (const error of testModule.errors()) this.suiteErrors.push(`${testModule.moduleId}: ${error.message}`);
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string }>): void {
    for (const error of unhandledErrors) this.suiteErrors.push(`unhandled error: ${error.message ?? String(error)}`);
  }

  onUserConsoleLog(log: { content: string }): void {
    if (this.verbose) this.write(`    ${log.content.trimEnd()}`);
  }
}
