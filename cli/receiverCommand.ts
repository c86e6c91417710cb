import { DEFAULT_REPORTERS, type Reporter } from '../report/reporters.ts';
import { parseReporters } from './runValues.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { loadManifest } from '../harness/targetIO/targetManifest.ts';
import { SetupError } from '../harness/records/setupError.ts';
import { type ReceiverOptions, receiverConfig } from './receiverValues.ts';
import { OPTION_WORDS, receiverReplayArguments } from './commandLineText.ts';
import { type DeliveryRefusal, receiverResults, runReceiverCases } from '../receiver/receiverRun.ts';
import type { FailureDiagnosis } from './failureReport.ts';
import { conduct, conductSettings } from './conduct.ts';

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
  const settings = conductSettings(options, { reporters: receiverReporters(options.reporter) }, print, redactor);
  const { say, version } = settings;
  const config = receiverConfig(optionsWithManifest(options), env);
  redactor.add(config.token);
  say(
    `Receiver: ${config.url}; webhook ${config.deliveryMode}, ${config.contentType}${config.includeResources ? ', includeResources' : ''}, signature header ${config.headerName}, delivery time-out ${config.timeoutMs} ms`,
  );
  say(
    config.effectsUrl
      ? `Effects probe: ${config.effectsUrl}`
      : 'Effects probe: none (--effects URL): the requirements about what the receiver processed SKIP',
  );
  return conduct(settings, async (listen) => {
    const startedAt = new Date().toISOString();
    const run = await runReceiverCases(config, { say, redactor, listener: listen }, undefined, { optionWords: OPTION_WORDS });
    return {
      document: receiverResults(config, run, { suiteVersion: version, startedAt, replayArguments: receiverReplayArguments(config) }),
      reports: run.reports,
      exchanges: [],
      allureEnvironment: {
        receiver: config.url,
        deliveryMode: config.deliveryMode,
        contentType: config.contentType,
        suiteVersion: version,
      },
      ...(run.refusal ? { summary: { diagnosis: refusalDiagnosis(run.refusal) } } : {}),
    };
  });
}
