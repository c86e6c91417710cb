import { issueCertificate } from '../run/certification.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { SetupError } from '../harness/target/targetManifest.ts';
import { describeThrottling } from '../harness/target/throttleRetry.ts';
import { writeAllureResults } from '../report/allureWriter.ts';
import { attachContainerLog } from '../report/allureContainerLog.ts';
import { writeHar } from '../report/harWriter.ts';
import { redactedReports, writeChosenReports } from '../report/reportWriter.ts';
import { DEFAULT_REPORTERS } from '../report/reporters.ts';
import { requirementCatalogue } from '../harness/documents/requirementCatalogue.ts';
import { lastFailedIn } from './lastFailed.ts';
import { join } from 'node:path';
import { runConformance, type RunRequest } from '../run/runPipeline.ts';
import { writeCertificate } from './certificateFile.ts';
import { EXIT } from './exitCodes.ts';
import { progressDisplayFor, progressListener } from './progressDisplay.ts';
import { type RunValueOptions, runValuesOf } from './runValues.ts';
import { printBaseline, printSummary, webhookFootprintLine } from './summaryPrinter.ts';
import { suiteVersion } from '../harness/documents/suiteVersion.ts';
import { colourWanted, terminalStyle } from './terminalStyle.ts';

// `banking-api-conformance run`: checks that the options go together, runs the
// pipeline (run/runPipeline.ts), whose engine tells the progress display as it goes, and
// hands its results document to the reporters: the terminal summary, results.json,
// report.html, junit.xml, HAR, certificate; and the scenarios' reports to Allure.

export { EXIT };

/** The run's options as commander parses them (cli/main.ts): its numbers and settings still text (cli/runValues.ts). */
export interface RunOptions extends Omit<RunRequest, 'har' | 'lastFailed' | keyof RunValueOptions>, RunValueOptions {
  /** Write every API exchange of the run to this file as HAR 1.2 (report/harWriter.ts). */
  har?: string;
  /** Print the verdict and the failures only. */
  quiet?: boolean;
  /** Run again what FAILed or was UNTESTABLE in the report directory's results.json (cli/lastFailed.ts). */
  lastFailed?: boolean;
}

function assertConsistent(options: RunOptions): void {
  if (
    options.certify &&
    (options.baseline ||
      options.only ||
      options.shard ||
      options.requirement !== undefined ||
      options.grep !== undefined ||
      options.skip ||
      options.lastFailed ||
      options.failFast)
  ) {
    throw new SetupError(
      '--certify runs the whole suite with no baseline: drop --baseline, --only, --skip, --last-failed, --shard, --requirement, --grep and --fail-fast',
    );
  }
  if (options.emulatorFault?.length && (options.target || options.baseUrl)) {
    throw new SetupError(
      '--emulator-fault applies to the embedded emulator only: drop --target/--base-url, or start `npx banking-api-emulator --fault NAME` yourself',
    );
  }
}

/** `redactor` learns the run's secrets and masks every file the run writes. */
export async function runCommand(options: RunOptions, write: (text: string) => void, redactor: SecretRedactor): Promise<number> {
  assertConsistent(options);
  const { seed, scheduleSeed, concurrency, budgetMinutes, shard, skip, reporter, lastFailed, ...request } = options;
  const { reporters = new Set(DEFAULT_REPORTERS), ...values } = runValuesOf({
    seed,
    scheduleSeed,
    concurrency,
    budgetMinutes,
    shard,
    skip,
    reporter,
  });
  // --har FILE writes HAR whatever --reporter says; `--reporter har` alone writes it beside the reports.
  const harFile = options.har ?? (reporters.has('har') ? join(options.reportDir, 'exchanges.har') : undefined);
  const again = lastFailed ? lastFailedIn(options.reportDir, requirementCatalogue()) : undefined;
  if (again) write(again.line);
  const quiet = options.quiet ?? false;
  const say = quiet ? () => {} : write;
  const style = terminalStyle(colourWanted(process.stdout, process.env));
  const version = suiteVersion();
  const { document, exchanges, reports, target } = await runConformance(
    { ...request, ...values, ...(again?.selection ? { lastFailed: again.selection } : {}), har: harFile !== undefined },
    version,
    {
      say,
      write,
      progress: (plan) => {
        const display = progressDisplayFor(plan.selection.scenarios.length, { quiet, style }, write);
        return { tell: progressListener(display, options.verbose ?? false), finish: () => display.finish() };
      },
      redactor,
    },
  );
  if (reporters.has('allure')) {
    // Allure never shows the whole exchanges of --har.
    const shown = reports.map(({ exchanges: _exchanges, ...report }) => report);
    await writeAllureResults(options.reportDir, redactedReports(shown, redactor), {
      target: target.name,
      baseUrl: target.baseUrl,
      seed: String(document.seed),
      suiteVersion: version,
    });
  }
  const paths = writeChosenReports(options.reportDir, document, redactor, reporters);
  if (document.container && reporters.has('allure')) attachContainerLog(options.reportDir, document.container);
  printSummary(document, write, { quiet, style });
  const throttleNote = document.throttling
    ? describeThrottling(document.throttling, Date.parse(document.finishedAt) - Date.parse(document.startedAt))
    : undefined;
  if (throttleNote) say(throttleNote);
  const webhooks = webhookFootprintLine(document);
  if (webhooks) say(webhooks);
  say(`Results: ${paths.results}`);
  const allure = reporters.has('allure')
    ? [
        `Allure results in ${options.reportDir}/allure-results (npx banking-api-conformance report --report-dir ${options.reportDir} builds the Allure HTML)`,
      ]
    : [];
  if (paths.reports.length + allure.length > 0) say(`Reports: ${[...paths.reports, ...allure].join(', ')}`);
  if (harFile) say(`HAR: ${writeHar(harFile, exchanges, version, redactor)} (${exchanges.length} exchanges)`);
  if (document.baseline) printBaseline(document.baseline, write);
  if (options.certify) {
    const certificate = issueCertificate(document.requirements, {
      target: document.target,
      suiteVersion: document.suiteVersion,
      catalogueHash: document.catalogueHash,
    });
    write(
      `Certificate: ${writeCertificate(options.reportDir, certificate, redactor)}: ${certificate.certified ? 'CERTIFIED' : `NOT CERTIFIED (${certificate.blocking.map((entry) => `${entry.id} ${entry.outcome}`).join(', ')})`}`,
    );
    return certificate.certified ? EXIT.conformant : EXIT.nonConformant;
  }
  return document.verdict === 'conformant' ? EXIT.conformant : EXIT.nonConformant;
}
