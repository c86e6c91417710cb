import { DEFAULT_REPORTERS, type Reporter } from '../report/reporters.ts';
import { parseReporters } from './runValues.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { loadManifest } from '../harness/targetIO/targetManifest.ts';
import { SetupError } from '../harness/records/setupError.ts';
import { type ReceiverOptions, receiverConfig } from './receiverValues.ts';
import { OPTION_WORDS, receiverReplayArguments } from './commandLineText.ts';
import { type DeliveryRefusal, receiverResults, runReceiverCases } from '../receiver/receiverRun.ts';
import { EXIT } from './exitCodes.ts';
import { commandLines, openFaces } from './faces/faceList.ts';
import type { FailureDiagnosis } from './failureReport.ts';
import { printSummary, terminalColumns } from './summaryPrinter.ts';
import { suiteVersion } from '../contract/catalogue/suiteVersion.ts';
import { colourWanted, terminalStyle } from './terminalStyle.ts';

// `banking-api-conformance receiver`: judges the integrator's own webhook
// receiver against the documents' rules for receivers (requirements/receiver.yaml)
// and writes the same reports as a run, through the same faces (cli/faces/faceList.ts):
// results.json, report.html, junit.xml, summary.md, allure-results/, and its cases' engine
// events to the progress display and `--events`.
// Exit 0 conformant, 1 not, 2 a setup error (one line).

export interface ReceiverCommandOptions extends ReceiverOptions {
  reportDir: string;
  quiet?: boolean;
  /** A target manifest whose `receiver` section describes the receiver; the options win field by field. */
  target?: string;
  /** --reporter: the reports written besides results.json (cli/runValues.ts parses them). */
  reporter?: string[];
  /** Stream the engine's events as NDJSON to this file, or `-`: standard output (cli/faces/eventsFace.ts). */
  events?: string;
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
  events: _events,
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
  print: (text: string) => void,
  redactor: SecretRedactor,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const write = commandLines(options.events, print);
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
  const style = terminalStyle(colourWanted(process.stdout, process.env));
  const faces = openFaces({
    reportDir: options.reportDir,
    reporters,
    ...(options.events !== undefined ? { events: options.events } : {}),
    quiet,
    verbose: false,
    style,
    write,
    redactor,
  });
  const startedAt = new Date().toISOString();
  const run = await runReceiverCases(config, { say, redactor, listener: faces.listen }, undefined, { optionWords: OPTION_WORDS });
  const document = receiverResults(config, run, {
    suiteVersion: version,
    startedAt,
    replayArguments: receiverReplayArguments(config),
  });
  const written = await faces.finish({
    document,
    reports: run.reports,
    exchanges: [],
    allureEnvironment: {
      receiver: config.url,
      deliveryMode: config.deliveryMode,
      contentType: config.contentType,
      suiteVersion: version,
    },
    version,
  });
  printSummary(document, write, {
    quiet,
    style,
    ...(options.events === '-' ? {} : { columns: terminalColumns(process.stdout) }),
    ...(run.refusal ? { diagnosis: refusalDiagnosis(run.refusal) } : {}),
  });
  say(`Results: ${written.results}`);
  if (written.reports.length > 0) say(`Reports: ${written.reports.join(', ')}`);
  for (const line of written.lines) say(line);
  return document.verdict === 'conformant' ? EXIT.conformant : EXIT.nonConformant;
}
