import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { SetupError } from '../harness/records/setupError.ts';
import { describeThrottling } from '../verdict/throttleWording.ts';
import { DEFAULT_REPORTERS } from '../report/reporters.ts';
import { requirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import { lastFailedIn } from './lastFailed.ts';
import { join } from 'node:path';
import { runConformance, type RunRequest } from '../run/runPipeline.ts';
import { readEarlierRun } from '../verdict/resultsFile.ts';
import { certificationSetup, certifyRun, type CertifyOptions } from './runCertificate.ts';
import { EXIT } from './exitCodes.ts';
import { conduct, conductSettings } from './conduct.ts';
import { type RunValueOptions, runValuesOf } from './runValues.ts';
import { narrowingOf, type NarrowingOptions } from './narrowing.ts';
import { containerOptionsOf, type ContainerOptionTexts } from './containerValues.ts';
import { narrowedByText, OPTION_WORDS, runReplayArguments } from './commandLineText.ts';
import { printBaseline, webhookFootprintLine } from './summaryPrinter.ts';
import { SUGGESTIONS } from './suggestions.ts';

// `banking-api-conformance run`: checks that the options go together, runs the
// pipeline (run/runPipeline.ts), whose engine tells the faces (cli/faces/faceList.ts) each
// event as it goes, and hands them the judged run: results.json, the reports --reporter chose,
// HAR, Allure, the events stream; then the terminal summary and the certificate.

export { EXIT };

/** The run's options as commander parses them (cli/main.ts): its numbers and settings still text (cli/runValues.ts). */
export interface RunOptions
  extends
    Omit<
      RunRequest,
      'har' | 'compare' | 'narrowing' | 'replayArguments' | 'narrowingText' | 'targetPort' | 'targetEnv' | keyof RunValueOptions
    >,
    RunValueOptions,
    NarrowingOptions,
    ContainerOptionTexts,
    Pick<CertifyOptions, 'signingKey' | 'validDays'> {
  /** Write every API exchange of the run to this file as HAR 1.2 (report/harWriter.ts). */
  har?: string;
  /** An earlier results.json (or its directory) to report the difference from. */
  compare?: string;
  /** Print the verdict and the failures only. */
  quiet?: boolean;
  /** Stream the engine's events as NDJSON to this file, or `-`: standard output (cli/faces/eventsFace.ts). */
  events?: string;
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
      `--emulator-fault applies to the embedded emulator only: drop --target/--base-url, or start \`${SUGGESTIONS.startEmulatorWithFault()}\` yourself`,
    );
  }
}

/** `redactor` learns the run's secrets and masks every file the run writes. */
export async function runCommand(options: RunOptions, print: (text: string) => void, redactor: SecretRedactor): Promise<number> {
  assertConsistent(options);
  const { seed, scheduleSeed, concurrency, budgetMinutes, only, requirement, grep, shard, skip, reporter, lastFailed, ...rest } = options;
  const { targetPort: _port, targetEnv: _env, compare, ...request } = rest;
  const container = containerOptionsOf(options);
  // The signing key and the certificate's validity, checked before anything runs.
  const certification = certificationSetup({ ...request, ...container }, process.env);
  const { reporters = new Set(DEFAULT_REPORTERS), ...values } = runValuesOf({
    seed,
    scheduleSeed,
    concurrency,
    budgetMinutes,
    reporter,
  });
  // --har FILE writes HAR whatever --reporter says; `--reporter har` alone writes it beside the reports.
  const harFile = options.har ?? (reporters.has('har') ? join(options.reportDir, 'exchanges.har') : undefined);
  const settings = conductSettings(options, { reporters, harFile }, print, redactor);
  const { write, say, version } = settings;
  const catalogue = requirementCatalogue();
  const again = lastFailed ? lastFailedIn(options.reportDir, catalogue) : undefined;
  if (again) write(again.line);
  const narrowing = narrowingOf({ only, requirement, grep, shard, skip }, catalogue, again?.selection);
  // Read before the run: an unreadable one is a setup error, not a run thrown away.
  const earlier = compare !== undefined ? readEarlierRun(compare, '--compare') : undefined;
  return conduct(settings, async (listen) => {
    const { document, exchanges, reports, target } = await runConformance(
      {
        ...request,
        ...container,
        ...values,
        narrowing,
        ...(earlier ? { compare: earlier } : {}),
        replayArguments: runReplayArguments({ ...request, ...container }),
        narrowingText: narrowedByText,
        optionWords: OPTION_WORDS,
        har: harFile !== undefined || certification !== undefined,
      },
      version,
      {
        say,
        write,
        // Every face hears the engine; the progress display ends its line at run-finished.
        progress: () => ({ tell: listen, finish: () => {} }),
        redactor,
      },
    );
    return {
      document,
      reports,
      exchanges,
      allureEnvironment: { target: target.name, baseUrl: target.baseUrl, seed: String(document.seed), suiteVersion: version },
      notes: () => {
        const throttleNote = document.throttling
          ? describeThrottling(document.throttling, Date.parse(document.finishedAt) - Date.parse(document.startedAt))
          : undefined;
        if (throttleNote) say(throttleNote);
        const webhooks = webhookFootprintLine(document);
        if (webhooks) say(webhooks);
      },
      after: (written) => {
        if (document.baseline) printBaseline(document.baseline, write);
        if (!certification) return undefined;
        const run = { document, exchanges, resultsPath: written.results, reportDir: options.reportDir, version };
        return certifyRun(certification, run, redactor, write);
      },
    };
  });
}
