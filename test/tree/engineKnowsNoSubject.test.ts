import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { relativeImports } from '../support/importGraph.ts';
import { knownFiles } from './productFiles.ts';

// The engine (harness/engine/) is generic over its subject: the target (target/), the webhook
// receiver (receiver/) and the API client (client/) each plug in through harness/engine/subject.ts,
// and their callers hand them to runEngine. No engine module reaches one, directly or through
// another module: an engine that builds a subject makes the others second-class (issue 51).

const ENGINE = 'harness/engine/';
const SUBJECT_FOLDERS = ['target/', 'receiver/', 'client/'];

const code = (path: string): boolean => /\.(?:[cm]?ts|[cm]?js)$/.test(path) && !path.endsWith('.d.ts');
const importsOf = (file: string): string[] => relativeImports(file, readFileSync(join(PROJECT_ROOT, file), 'utf8'));

/** Each module an engine module reaches, with the first chain of imports that gets there. */
function reachedFromEngine(): Map<string, string> {
  const files = new Set(knownFiles().filter(code));
  const reached = new Map<string, string>();
  const queue = [...files].filter((path) => path.startsWith(ENGINE));
  for (const start of queue) reached.set(start, start);
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of importsOf(file)) {
      if (reached.has(next) || !files.has(next)) continue;
      reached.set(next, `${reached.get(file)} → ${next}`);
      queue.push(next);
    }
  }
  return reached;
}

test('every subject plugs into the engine from outside it', () => {
  // What the test guards is there: each subject implements the engine's subject interface.
  for (const subject of ['target/targetSubject.ts', 'receiver/receiverSubject.ts', 'client/clientSubject.ts'])
    expect(importsOf(subject), subject).toContain('harness/engine/subject.ts');
});

test('no module under harness/engine imports a subject, directly or through another module', () => {
  const reached = reachedFromEngine();
  expect(reached.has('harness/engine/engine.ts')).toBe(true);
  const subjects = [...reached].filter(([module]) => SUBJECT_FOLDERS.some((folder) => module.startsWith(folder))).map(([, chain]) => chain);
  expect(subjects).toEqual([]);
});
