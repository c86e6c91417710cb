import { stripVTControlCharacters } from 'node:util';
import type { Reporter, TestModule } from 'vitest/node';

// CI reads a plain closing line ("Tests: N passed, N failed, N skipped");
// vitest's own summary is not one it knows, so print it after the run. Just above it,
// each failure in a few plain lines (file, test, the start of its error): what CI
// keeps of a long log is its tail, and a failure must be known from that alone.

/** Lines of an error message kept per failure: enough for an assertion's first differences. */
const MESSAGE_LINES = 24;
/** Failures listed in full; more are counted. */
const LISTED_FAILURES = 10;

const plain = (text: string): string => stripVTControlCharacters(text);

export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const failures: string[] = [];
    const oneLiners: string[] = [];
    for (const module of modules) {
      const file = module.moduleId.replace(`${process.cwd()}/`, '');
      for (const testCase of module.children.allTests()) {
        const result = testCase.result();
        if (result.state === 'passed') counts.passed += 1;
        else if (result.state === 'failed') {
          counts.failed += 1;
          // The message and, for an assertion, its diff: the message alone abbreviates a long array.
          const message = (result.errors ?? [])
            .map((error) => plain([error.message ?? String(error), error.diff ?? ''].join('\n')))
            .join('\n');
          failures.push(`FAILED ${file} > ${testCase.fullName}\n${indented(message)}`);
          oneLiners.push(oneLine(`${file} > ${testCase.fullName}: ${firstFinding(message)}`));
        } else counts.skipped += 1;
      }
      for (const error of module.errors()) {
        counts.failed += 1;
        failures.push(`FAILED ${file} (outside any test)\n${indented(plain(error.message ?? String(error)))}`);
      }
    }
    if (failures.length > 0) {
      const more = failures.length - LISTED_FAILURES;
      process.stdout.write(`\n${failures.slice(0, LISTED_FAILURES).join('\n')}\n${more > 0 ? `… and ${more} more failures\n` : ''}`);
      // Last, one line each, in case only the very end of the log is kept.
      process.stdout.write(`\nFailed:\n${oneLiners.map((line) => `  ${line}`).join('\n')}\n`);
    }
    process.stdout.write(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}

function indented(message: string): string {
  const lines = message.split('\n');
  const kept = lines.slice(0, MESSAGE_LINES).map((line) => `    ${line}`);
  if (lines.length > MESSAGE_LINES) kept.push(`    … ${lines.length - MESSAGE_LINES} more lines`);
  return kept.join('\n');
}

/** A failure's first telling line: the first received element of a diff, or else the message's first line. */
function firstFinding(message: string): string {
  const lines = message.split('\n');
  const received = lines.find((line) => /^\+\s+\S/.test(line) && !/^\+\s+Received/.test(line) && line.trim() !== '+ [');
  return (received ?? lines[0] ?? '').replace(/^\+\s+/, '').trim();
}

/** At most ONE_LINE characters, so a line survives a log viewer that folds or cuts. */
const ONE_LINE = 400;
const oneLine = (text: string): string => (text.length > ONE_LINE ? `${text.slice(0, ONE_LINE - 1)}…` : text);
