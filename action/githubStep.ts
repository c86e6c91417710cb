import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CERTIFICATE_FILES, fileDigest } from '../report/certificateFiles.ts';
import { type CertificateStatement, PREDICATE_TYPE } from '../verdict/certification.ts';
import { OUTCOMES } from '../harness/records/checkRecords.ts';
import { readResults } from '../verdict/resultsFile.ts';
import { summaryMarkdown } from '../report/summaryMarkdown.ts';
import type { ResultsDocument } from '../verdict/resultsDocument.ts';
import { annotations, limitNote, setupErrorAnnotation } from './annotations.ts';

// The GitHub side of the action (action.yml), after the suite ran: the step's outputs
// (verdict, exit code, counts, the report files) to $GITHUB_OUTPUT, the run's summary.md
// to $GITHUB_STEP_SUMMARY, and the annotations (annotations.ts). It never decides the
// step's result: action.yml exits with the suite's exit code.

export interface FinishedRun {
  reportDir: string;
  exitCode: number;
  /** The suite's stderr, kept by runSuite.sh: on a setup error its last line is the reason. */
  stderrFile?: string;
  /** Put before every output's name: `client-` for the client judged after a run, in the same step. */
  outputPrefix?: string;
}

interface ReportFiles {
  reportDir: string;
  results?: string;
  summary?: string;
  certificate?: CertificateOutputs;
}

/** What actions/attest needs from a run --certify: the predicate's file and the first subject. */
interface CertificateOutputs {
  statement: string;
  predicate: string;
  subjectName: string;
  subjectDigest: string;
}

/** The certificate of this run (its Statement names this results.json by digest), or undefined: none, or one an earlier run left. */
export function certificateOf(reportDir: string, resultsFile: string): CertificateOutputs | undefined {
  const statementFile = join(reportDir, CERTIFICATE_FILES.statement);
  const predicateFile = join(reportDir, CERTIFICATE_FILES.predicate);
  if (!existsSync(statementFile) || !existsSync(predicateFile) || !existsSync(resultsFile)) return undefined;
  let statement: Partial<CertificateStatement>;
  try {
    statement = JSON.parse(readFileSync(statementFile, 'utf8')) as Partial<CertificateStatement>;
  } catch {
    return undefined;
  }
  const subject = statement.subject?.[0];
  if (statement.predicateType !== PREDICATE_TYPE || !subject) return undefined;
  if (statement.predicate?.results?.digest.sha256 !== fileDigest(resultsFile).sha256) return undefined;
  return {
    statement: statementFile,
    predicate: predicateFile,
    subjectName: subject.name,
    subjectDigest: `sha256:${subject.digest.sha256}`,
  };
}

export function outputs(document: ResultsDocument | undefined, exitCode: number, files: ReportFiles): Record<string, string> {
  const counts = document ? document.counts : undefined;
  return {
    verdict: document?.verdict ?? 'error',
    'exit-code': String(exitCode),
    counts: JSON.stringify(counts ?? {}),
    ...Object.fromEntries(OUTCOMES.map((outcome) => [outcome.toLowerCase(), String(counts?.[outcome] ?? 0)])),
    'report-dir': files.reportDir,
    results: files.results ?? '',
    summary: files.summary ?? '',
    certificate: files.certificate?.statement ?? '',
    'certificate-predicate': files.certificate?.predicate ?? '',
    'certificate-subject-name': files.certificate?.subjectName ?? '',
    'certificate-subject-digest': files.certificate?.subjectDigest ?? '',
  };
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The last line the suite wrote on stderr: a setup error's one-line reason. */
export function setupErrorReason(stderrFile: string | undefined): string | undefined {
  if (!stderrFile || !existsSync(stderrFile)) return undefined;
  const lines = readFileSync(stderrFile, 'utf8')
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.at(-1);
}

const setupErrorSummary = (exitCode: number, reason: string | undefined): string =>
  `## Banking API conformance: no verdict (exit ${exitCode})\n\nThe suite stopped before judging (a setup or usage error)${reason ? `:\n\n> ${reason}\n` : ': the log of the run step says what to fix.\n'}`;

/** What the step writes for a run that has finished. */
export function reportStep(run: FinishedRun, env: NodeJS.ProcessEnv, print: (line: string) => void): void {
  const reportDir = resolve(run.reportDir);
  const resultsFile = join(reportDir, 'results.json');
  const summaryFile = join(reportDir, 'summary.md');
  const document = run.exitCode <= 1 && existsSync(resultsFile) ? readResults(resultsFile) : undefined;
  const files: ReportFiles = {
    reportDir,
    results: document ? resultsFile : undefined,
    summary: document && existsSync(summaryFile) ? summaryFile : undefined,
    certificate: document ? certificateOf(reportDir, resultsFile) : undefined,
  };
  if (env.GITHUB_OUTPUT)
    appendFileSync(
      env.GITHUB_OUTPUT,
      Object.entries(outputs(document, run.exitCode, files))
        .map(([name, value]) => `${run.outputPrefix ?? ''}${name}=${value}\n`)
        .join(''),
    );
  const summary = (text: string): void => {
    if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, text);
  };
  if (!document) {
    const reason = run.exitCode === 0 ? undefined : setupErrorReason(run.stderrFile);
    summary(setupErrorSummary(run.exitCode, reason));
    if (run.exitCode !== 0) print(setupErrorAnnotation(run.exitCode, reason));
    return;
  }
  summary(files.summary ? readFileSync(files.summary, 'utf8') : summaryMarkdown(document));
  const found = annotations(document);
  const note = limitNote(found);
  if (note) summary(`\n${note}`);
  for (const line of [...found.errors, ...found.warnings]) print(line);
}
