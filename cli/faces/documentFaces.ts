import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FILE_REPORTS } from '../../report/reportWriter.ts';
import type { Reporter } from '../../report/reporters.ts';
import { writeResults } from '../../verdict/resultsDocument.ts';
import type { Face } from './face.ts';
import { replayOf } from '../commandLineText.ts';

// The faces that read the judged results document: results.json, always (merge, compare,
// cleanup and --last-failed read it), and each file report `--reporter` chooses.

export const resultsFace: Face = {
  name: 'results',
  open: (settings) => ({ finish: (run) => ({ results: writeResults(settings.reportDir, run.redacted) }) }),
};

const fileFace = (name: keyof typeof FILE_REPORTS & Reporter): Face => ({
  name,
  open: (settings) =>
    settings.reporters.has(name)
      ? {
          finish(run) {
            const path = join(settings.reportDir, FILE_REPORTS[name].file);
            writeFileSync(path, FILE_REPORTS[name].render(run.redacted, replayOf(run.redacted)));
            return { reports: [path] };
          },
        }
      : undefined,
});

export const htmlFace = fileFace('html');
export const junitFace = fileFace('junit');
export const summaryFace = fileFace('summary');
