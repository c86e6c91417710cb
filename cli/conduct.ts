import type { EngineListener } from '../harness/engine/engineEvents.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { suiteVersion } from '../contract/catalogue/suiteVersion.ts';
import type { Reporter } from '../report/reporters.ts';
import { EXIT } from './exitCodes.ts';
import { commandLines, type OpenFaces, openFaces } from './faces/faceList.ts';
import { printSummary, type SummaryOptions, terminalColumns } from './summaryPrinter.ts';
import { colourWanted, terminalStyle } from './terminalStyle.ts';

// The one ending of every command that judges (`run`, `receiver`, `client` through the engine; `merge`,
// which judges the check records of earlier runs again): open the faces, let the command's subject run
// and be judged with the faces listening, hand the faces the judged run, print the summary and the
// files written, and answer the exit code. What differs between the commands is only what they judge
// and what they say of it (a diagnosis, notes, a certificate), so a change to how a judged run ends is
// made here once.

type FaceSettings = Parameters<typeof openFaces>[0];

/** What a command's run came to, for the faces and the summary. */
export interface Judged extends Omit<Parameters<OpenFaces['finish']>[0], 'version'> {
  /** How the summary tells this subject's results beyond the shared settings. */
  summary?: Pick<SummaryOptions, 'diagnosis' | 'folds'>;
  /** Lines of the command's own, said after the summary and before the files written. */
  notes?: () => void;
  /**
   * After the files written: what the command does with them (a certificate, a baseline's lines) and the exit it
   * answers instead of the verdict's; undefined keeps the verdict's.
   */
  after?: (written: { results: string; reports: string[] }) => Promise<number | undefined> | number | undefined;
}

export interface ConductSettings extends FaceSettings {
  version: string;
  /** The command's lines that --quiet keeps back. */
  say(text: string): void;
}

/** The options every judging command takes alike. */
export interface JudgingOutputOptions {
  reportDir: string;
  /** `--events FILE`, or `-`: the events on standard output and the command's own lines on standard error. */
  events?: string;
  quiet?: boolean;
  verbose?: boolean;
}

/** A judging command's settings from its shared options, the reports it writes (and HAR's file) and where it prints. */
export function conductSettings(
  options: JudgingOutputOptions,
  reports: { reporters: ReadonlySet<Reporter>; harFile?: string | undefined },
  print: (text: string) => void,
  redactor: SecretRedactor,
): ConductSettings {
  const write = commandLines(options.events, print);
  const quiet = options.quiet ?? false;
  return {
    reportDir: options.reportDir,
    reporters: reports.reporters,
    ...(reports.harFile !== undefined ? { harFile: reports.harFile } : {}),
    ...(options.events !== undefined ? { events: options.events } : {}),
    quiet,
    verbose: options.verbose ?? false,
    style: terminalStyle(colourWanted(process.stdout, process.env)),
    write,
    redactor,
    version: suiteVersion(),
    say: quiet ? () => {} : write,
  };
}

/**
 * Where the command's own lines go while its subjects run and the faces listen: through the faces, so that a line
 * printed while a segment is shown (a client's command's output while its webhooks are judged) does not garble it.
 */
export interface LinesWhileJudged {
  write(text: string): void;
  /** The lines --quiet keeps back. */
  say(text: string): void;
}

/**
 * Runs `judge` with the faces listening and ends the command: its exit code (cli/exitCodes.ts). `judge` may run the
 * engine more than once, each run a segment of the one judged run the faces show, told one after another.
 */
export async function conduct(
  settings: ConductSettings,
  judge: (listen: EngineListener, lines: LinesWhileJudged) => Promise<Judged>,
): Promise<number> {
  const { version, say, ...faceSettings } = settings;
  const faces = openFaces(faceSettings);
  const lines = { write: faces.write, say: settings.quiet ? () => {} : faces.write };
  const { summary, notes, after, ...run } = await judge(faces.listen, lines);
  const written = await faces.finish({ ...run, version });
  printSummary(run.document, settings.write, {
    quiet: settings.quiet,
    verbose: settings.verbose,
    style: settings.style,
    // Lines are cut at the terminal's width, never in a stream of events on standard output.
    ...(settings.events === '-' ? {} : { columns: terminalColumns(process.stdout) }),
    ...summary,
  });
  notes?.();
  say(`Results: ${written.results}`);
  if (written.reports.length > 0) say(`Reports: ${written.reports.join(', ')}`);
  for (const line of written.lines) say(line);
  const exit = await after?.(written);
  if (exit !== undefined) return exit;
  return run.document.verdict === 'conformant' ? EXIT.conformant : EXIT.nonConformant;
}
