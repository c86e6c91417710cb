import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';

// What the project's global set-ups share: a folder for this `vitest run`, provided to the tests
// under `key`; in watch mode each rerun gets a fresh one (the code under test may have changed),
// and every folder made is removed at the end.

type FolderKey = { [K in keyof ProvidedContext]: ProvidedContext[K] extends string ? K : never }[keyof ProvidedContext];

export function provideFreshFolderPerRun(project: TestProject, key: FolderKey, prefix: string): () => void {
  const folders: string[] = [];
  const provideFresh = (): void => {
    const folder = mkdtempSync(join(tmpdir(), prefix));
    folders.push(folder);
    project.provide(key, folder);
  };
  provideFresh();
  project.vitest.onTestsRerun(provideFresh);
  return () => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  };
}
