import { DEFAULT_REPORTERS, type Reporter } from '../report/reporters.ts';
import { parseReporters } from './runValues.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { SetupError } from '../harness/target/targetManifest.ts';
import { CLIENT_ENV, clientResults, runClient } from '../client/clientRun.ts';
import { NO_CALL } from '../client/requestJudge.ts';
import { EXIT } from './exitCodes.ts';
import { commandLines, openFaces } from './faces/faceList.ts';
import { printSummary } from './summaryPrinter.ts';
import { suiteVersion } from '../harness/documents/suiteVersion.ts';
import { colourWanted, terminalStyle } from './terminalStyle.ts';

// `banking-api-conformance client -- <command...>`: judges the integrator's own
// API client by every request it makes to the embedded emulator
// (requirements/client.yaml) and writes the same reports as a run: results.json,
// report.html, junit.xml, summary.md, allure-results/, through the same faces
// (cli/faces/faceList.ts), its items' engine events to the progress display. Exit 0 conformant, 1 not,
// 2 a setup error (one line): a command not found, or a client that made no call.

export interface ClientCommandOptions {
  reportDir: string;
  quiet?: boolean;
  reporter?: string[];
  /** Stream the engine's events as NDJSON to this file, or `-`: standard output (cli/faces/eventsFace.ts). */
  events?: string;
}

/** The reports `client --reporter` chose: a run's, but HAR, which the client command does not keep yet. */
function clientReporters(texts: readonly string[] | undefined): ReadonlySet<Reporter> {
  const chosen = texts ? parseReporters(texts) : new Set(DEFAULT_REPORTERS);
  if (chosen.has('har'))
    throw new SetupError('--reporter har: the client command writes no HAR yet; choose among junit, html, summary and allure');
  return chosen;
}

/** `redactor` learns the token given to the client and masks everything the command writes. */
export async function clientCommand(
  command: readonly string[],
  options: ClientCommandOptions,
  print: (text: string) => void,
  redactor: SecretRedactor,
): Promise<number> {
  const write = commandLines(options.events, print);
  const reporters = clientReporters(options.reporter);
  const quiet = options.quiet ?? false;
  const say = quiet ? () => {} : write;
  const version = suiteVersion();
  say(`Client: ${command.join(' ')}, given ${Object.values(CLIENT_ENV).join(', ')} (the token is never printed)`);
  const style = terminalStyle(colourWanted(process.stdout, process.env));
  const events = options.events !== undefined ? { events: options.events } : {};
  const faces = openFaces({ reportDir: options.reportDir, reporters, ...events, quiet, verbose: false, style, write, redactor });
  const run = await runClient(command, { say, redactor, listener: faces.listen });
  const document = clientResults(command, run, { suiteVersion: version });
  const written = await faces.finish({
    document,
    reports: run.reports,
    exchanges: [],
    allureEnvironment: { client: command.join(' '), suiteVersion: version },
    version,
  });
  const exited = run.exit.signal ? `was ended by ${run.exit.signal}` : `exited ${run.exit.code}`;
  if (Object.keys(run.calls.exercised).length === 0)
    throw new SetupError(`${NO_CALL} to ${CLIENT_ENV.baseUrl} (its command ${exited}); every CL requirement SKIPs in ${written.results}`);
  printSummary(document, write, { quiet, style });
  say(`Your client's command ${exited}; it made ${run.calls.requests} calls`);
  say(`Results: ${written.results}`);
  if (written.reports.length > 0) say(`Reports: ${written.reports.join(', ')}`);
  for (const line of written.lines) say(line);
  return document.verdict === 'conformant' ? EXIT.conformant : EXIT.nonConformant;
}
