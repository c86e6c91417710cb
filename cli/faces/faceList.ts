import type { EngineListener } from '../../harness/engine/engineEvents.ts';
import { redactedDocument, redactedReports } from '../../report/reportWriter.ts';
import { allureFace } from './allureFace.ts';
import { htmlFace, junitFace, resultsFace, summaryFace } from './documentFaces.ts';
import { eventsFace } from './eventsFace.ts';
import type { Face, FaceSettings, FinishedRun, OpenFace } from './face.ts';
import { harFace } from './harFace.ts';
import { progressFace } from './progressFace.ts';

// Every face, once, for every judging command (cli/conduct.ts opens them): a new face is a module of cli/faces/
// and a line here. `--reporter` chooses among the faces named as report/reporters.ts names them
// (test/cli/faces/faceList.test.ts holds the two lists together). The order is the order of the
// "Reports:" line.

export const FACES: readonly Face[] = [progressFace, resultsFace, htmlFace, junitFace, summaryFace, harFace, allureFace, eventsFace];

/** Where a command's own lines go: standard error when `--events -` makes standard output the event stream. */
export const commandLines = (events: string | undefined, print: (text: string) => void): ((text: string) => void) =>
  events === '-' ? (text) => void process.stderr.write(`${text}\n`) : print;

export interface OpenFaces {
  /** Tells every face an event of the engine. */
  listen: EngineListener;
  /** Prints a line of the command's own while the faces listen: through the face that draws in place, else as written. */
  write(text: string): void;
  /** Hands every face the judged run: results.json's path, the "Reports:" entries and the faces' own lines, in the list's order. */
  finish(run: Omit<FinishedRun, 'redacted'>): Promise<{ results: string; reports: string[]; lines: string[] }>;
}

export function openFaces(settings: FaceSettings, faces: readonly Face[] = FACES): OpenFaces {
  const open = faces.map((face) => face.open(settings)).filter((face): face is OpenFace => face !== undefined);
  const printer = open.find((face) => face.print !== undefined);
  return {
    listen: (event) => open.forEach((face) => face.listen?.(event)),
    write: (text) => (printer?.print ? printer.print(text) : settings.write(text)),
    async finish(run) {
      const finished: FinishedRun = {
        ...run,
        redacted: redactedDocument(run.document, settings.redactor),
        // Allure never shows the whole exchanges of --har.
        reports: redactedReports(
          run.reports.map(({ exchanges: _exchanges, ...report }) => report),
          settings.redactor,
        ),
      };
      const output = { results: '', reports: [] as string[], lines: [] as string[] };
      for (const face of open) {
        const written = await face.finish?.(finished);
        if (written?.results) output.results = written.results;
        output.reports.push(...(written?.reports ?? []));
        output.lines.push(...(written?.lines ?? []));
      }
      return output;
    },
  };
}
