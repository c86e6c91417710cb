import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand, type RunOptions } from '../../cli/runCommand.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';

// `run` in this process, as cli/main.ts calls it, for tests whose subject is what a run
// selects and writes rather than the process's exit: seconds instead of a child's start.
// Allure is left out unless asked for: it runs vitest, which a test inside vitest should not.

export interface InProcessRun {
  code: number;
  lines: string[];
  reportDir: string;
  /** results.json as this run wrote it (a later run in the same directory replaces the file). */
  document: ResultsDocument;
  /** The requirement of each JUnit test case, as CI systems read them (none without junit.xml). */
  junitCases: string[];
}

const junitCasesIn = (reportDir: string): string[] =>
  [...readFileSync(join(reportDir, 'junit.xml'), 'utf8').matchAll(/<testcase [^>]*name="([^"]+)"/g)]
    .map((match) => match[1] as string)
    .sort();

export async function runInProcess(options: Partial<RunOptions>): Promise<InProcessRun> {
  const reportDir = options.reportDir ?? mkdtempSync(join(tmpdir(), 'bac-in-process-'));
  const lines: string[] = [];
  const code = await runCommand(
    { reporter: ['junit,html,summary'], seed: '40', ...options, reportDir },
    (text) => lines.push(text),
    new SecretRedactor(),
  );
  return {
    code,
    lines,
    reportDir,
    junitCases: existsSync(join(reportDir, 'junit.xml')) ? junitCasesIn(reportDir) : [],
    document: JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as ResultsDocument,
  };
}
