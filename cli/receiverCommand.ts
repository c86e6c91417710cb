import { writeAllureResults } from '../report/allureWriter.ts';
import { allureResultsDir } from '../report/allureResultsDirectory.ts';
import { redactedReports, writeChosenReports } from '../report/reportWriter.ts';
import { DEFAULT_REPORTERS, type Reporter } from '../report/reporters.ts';
import { parseReporters } from './runValues.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { loadManifest, SetupError } from '../harness/target/targetManifest.ts';
import { type ReceiverOptions, receiverConfig } from '../receiver/receiverConfig.ts';
import { type DeliveryRefusal, receiverResults, runReceiverCases } from '../receiver/receiverRun.ts';
import { EXIT } from './exitCodes.ts';
import type { FailureDiagnosis } from './failureReport.ts';
import { printSummary } from './summaryPrinter.ts';
import { suiteVersion } from '../harness/documents/suiteVersion.ts';
import { colourWanted, terminalStyle } from './terminalStyle.ts';

// `banking-api-conformance receiver`: judges the integrator's own webhook
// receiver against the documents' rules for receivers (requirements/receiver.yaml)
// and writes the same reports as a run: results.json, report.html, junit.xml,
// allure-results/. Exit 0 conformant, 1 not, 2 a setup error (one line).

export interface ReceiverCommandOptions extends ReceiverOptions {
  reportDir: string;
  quiet?: boolean;
  /** A target manifest whose `receiver` section describes the receiver; the options win field by field. */
  target?: string;
  /** --reporter: the reports written besides results.json (cli/runValues.ts parses them). */
  reporter?: string[];
}

/** The reports `receiver --reporter` chose: a run's, but HAR, since the receiver's exchanges are the sandbox's own. */
function receiverReporters(texts: readonly string[] | undefined): ReadonlySet<Reporter> {
  const chosen = texts ? parseReporters(texts) : new Set(DEFAULT_REPORTERS);
  if (chosen.has('har'))
    throw new SetupError('--reporter har: the receiver command writes no HAR; choose among junit, html, summary and allure');
  return chosen;
}

export function optionsWithManifest({
  target,
  reportDir: _reportDir,
  quiet: _quiet,
  reporter: _reporter,
  ...given
}: ReceiverCommandOptions): ReceiverOptions {
  if (target === undefined) return given;
  const section = loadManifest(target).receiver;
  if (!section)
    throw new SetupError(`--target ${target} has no "receiver" section: add one ({"url", "tokenEnv", ...}) or give --url and --token-env`);
  const defined = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  return { ...section, ...defined };
}

/** In the terminal, the failures one refusal explains are counted under it, not shown one by one. */
const refusalDiagnosis = (refusal: DeliveryRefusal): FailureDiagnosis => ({
  line: refusal.line,
  example: refusal.example,
  explains: (check) => (check.evidence?.exchanges ?? []).some((exchange) => exchange.response?.status === refusal.status),
});

/** `redactor` learns the receiver's token and masks everything the command writes. */
export async function receiverCommand(
  options: ReceiverCommandOptions,
  write: (text: string) => void,
  redactor: SecretRedactor,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const reporters = receiverReporters(options.reporter);
  const config = receiverConfig(optionsWithManifest(options), env);
  redactor.add(config.token);
  const quiet = options.quiet ?? false;
  const say = quiet ? () => {} : write;
  const version = suiteVersion();
  say(
    `Receiver: ${config.url}; webhook ${config.deliveryMode}, ${config.contentType}${config.includeResources ? ', includeResources' : ''}, signature header ${config.headerName}, delivery time-out ${config.timeoutMs} ms`,
  );
  say(
    config.effectsUrl
      ? `Effects probe: ${config.effectsUrl}`
      : 'Effects probe: none (--effects URL): the requirements about what the receiver processed SKIP',
  );
  const startedAt = new Date().toISOString();
  const run = await runReceiverCases(config, { say, redactor });
  const document = receiverResults(config, run, { suiteVersion: version, startedAt });
  const paths = writeChosenReports(options.reportDir, document, redactor, reporters);
  // The same faces as a run's: results.json, JUnit and HTML from the document, Allure from the cases' reports.
  if (reporters.has('allure')) {
    await writeAllureResults(options.reportDir, redactedReports(run.reports, redactor), {
      receiver: config.url,
      deliveryMode: config.deliveryMode,
      contentType: config.contentType,
      suiteVersion: version,
    });
  }
  printSummary(document, write, {
    quiet,
    style: terminalStyle(colourWanted(process.stdout, process.env)),
    ...(run.refusal ? { diagnosis: refusalDiagnosis(run.refusal) } : {}),
  });
  say(`Results: ${paths.results}`);
  const allure = reporters.has('allure') ? [`Allure results in ${allureResultsDir(options.reportDir)}`] : [];
  if (paths.reports.length + allure.length > 0) say(`Reports: ${[...paths.reports, ...allure].join(', ')}`);
  return document.verdict === 'conformant' ? EXIT.conformant : EXIT.nonConformant;
}
