import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { FACES, openFaces } from '../../../cli/faces/faceList.ts';
import type { Face } from '../../../cli/faces/face.ts';
import { terminalStyle } from '../../../cli/terminalStyle.ts';
import type { EngineEvent } from '../../../harness/engine/engineEvents.ts';
import { SecretRedactor } from '../../../harness/records/secretRedactor.ts';
import { REPORTERS } from '../../../report/reporters.ts';
import type { ResultsDocument } from '../../../verdict/resultsDocument.ts';
import { PROJECT_ROOT } from '../cliProcess.ts';

// Issue 41: the faces plug in once. cli/faces/faceList.ts lists every face; the judging commands
// (`run`, `receiver`, `client`, `merge`) open that list through conduct and wire no face of their own;
// `--reporter` chooses among faces of the list.

test('each face is listed once, and every name --reporter takes is a face of the list', () => {
  const names = FACES.map((face) => face.name);
  expect(new Set(names).size).toBe(names.length);
  expect(REPORTERS.filter((reporter) => !names.includes(reporter))).toEqual([]);
  expect(names).toEqual(['progress', 'results', 'html', 'junit', 'summary', 'har', 'allure', 'events']);
});

test('run, receiver, client and merge end through conduct, which opens the face list; none writes a report, a summary, the Results or Reports line or an exit code of the verdict itself', () => {
  expect(readFileSync(join(PROJECT_ROOT, 'cli/conduct.ts'), 'utf8')).toContain("from './faces/faceList.ts'");
  for (const command of ['cli/runCommand.ts', 'cli/receiverCommand.ts', 'cli/clientCommand.ts', 'cli/mergeCommand.ts']) {
    const text = readFileSync(join(PROJECT_ROOT, command), 'utf8');
    expect(text, command).toContain("from './conduct.ts'");
    const wiredHere = [
      ...text.matchAll(
        /from '\.\.\/report\/(allureWriter|allureContainerLog|allureResultsDirectory|harWriter|reportWriter)\.ts'|from '\.\/progressDisplay\.ts'|from '\.\/faces\/faceList\.ts'|\bprintSummary\b|EXIT\.(conformant|nonConformant)|Results: |Reports: /g,
      ),
    ];
    expect(
      wiredHere.map((match) => match[0]),
      command,
    ).toEqual([]);
  }
});

test('a face added to the list is told every event and handed the judged run, its output in the list order', async () => {
  const told: string[] = [];
  const counting = (name: string): Face => ({
    name,
    open: () => ({
      listen: (event) => told.push(`${name} ${event.type}`),
      finish: () => ({ reports: [`${name}.txt`], lines: [`${name} done`] }),
    }),
  });
  const declined: Face = { name: 'declined', open: () => undefined };
  const faces = openFaces(
    {
      reportDir: '/nowhere',
      reporters: new Set(),
      quiet: true,
      verbose: false,
      style: terminalStyle(false),
      write: () => {},
      redactor: new SecretRedactor(),
    },
    [counting('one'), declined, counting('two')],
  );
  const events: EngineEvent[] = [
    { type: 'run-started', subject: 'target', planned: [] },
    { type: 'run-finished', reports: [], suiteErrors: [] },
  ];
  events.forEach(faces.listen);
  expect(told).toEqual(['one run-started', 'two run-started', 'one run-finished', 'two run-finished']);
  const written = await faces.finish({
    document: {} as ResultsDocument,
    reports: [],
    exchanges: [],
    allureEnvironment: {},
    version: '0',
  });
  expect(written).toEqual({ results: '', reports: ['one.txt', 'two.txt'], lines: ['one done', 'two done'] });
});
