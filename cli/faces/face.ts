import type { EngineListener, ItemReport } from '../../harness/engine/engineEvents.ts';
import type { JournalEntry } from '../../harness/records/exchangeJournal.ts';
import type { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import type { Reporter } from '../../report/reporters.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import type { TerminalStyle } from '../terminalStyle.ts';

// A face shows a run: told each engine event as it happens (the progress display, the events
// stream), or handed the judged run at its end (the reports). It judges nothing of its own.
// Every face is one module listed once in cli/faces/faceList.ts, for every command.

/** What a command's options say about its faces, parsed into values. */
export interface FaceSettings {
  reportDir: string;
  /** The reports --reporter chose (report/reporters.ts). */
  reporters: ReadonlySet<Reporter>;
  /** Where HAR goes (`--har FILE`, or DIR/exchanges.har by `--reporter har`); none: no HAR. */
  harFile?: string;
  /** Where the NDJSON events go (`--events FILE`, `-` for standard output); none: no stream. */
  events?: string;
  quiet: boolean;
  verbose: boolean;
  style: TerminalStyle;
  /** The command's own lines: standard error when standard output is the events stream. */
  write(text: string): void;
  /** Masks every secret of the run in what a face writes. */
  redactor: SecretRedactor;
}

/** A judged run, as the faces that write reports take it. */
export interface FinishedRun {
  document: ResultsDocument;
  /** The same document, redacted once for every face. */
  redacted: ResultsDocument;
  /** Every planned item's report, redacted, without its exchanges. */
  reports: readonly ItemReport[];
  /** Every exchange of the run, kept when a face asked for them (HAR). */
  exchanges: readonly JournalEntry[];
  /** What Allure's environment page shows of the run. */
  allureEnvironment: Record<string, string>;
  /** The report directories of the runs this one joins (`merge`): their Allure results are copied, not written anew. */
  joinedFrom?: readonly string[];
  version: string;
}

/** What a face wrote: results.json's path, entries of the "Reports:" line, lines of its own. */
export interface FaceOutput {
  results?: string;
  reports?: string[];
  lines?: string[];
}

export interface OpenFace {
  listen?: EngineListener;
  /**
   * Prints a line of the command's own while the run is told (a client's command's output while its webhooks are
   * judged), where a face draws in place and a line printed past it would garble; the first face that has one prints
   * every such line.
   */
  print?(text: string): void;
  finish?(run: FinishedRun): FaceOutput | Promise<FaceOutput>;
}

export interface Face {
  /** Its name; for a face `--reporter` chooses, the reporter's. */
  name: string;
  /** The face for this command's settings; undefined when they do not ask for it. */
  open(settings: FaceSettings): OpenFace | undefined;
}
