import type { TestProject } from 'vitest/node';
import { provideFreshFolderPerRun } from './freshFolderPerRun.ts';

// vitest's global set-up for the project's tests (vitest.config.ts): the folder where this `vitest run`
// keeps what its tests build once and share (test/support/sharedBuild.ts): the packed tarball, the
// emulator's image, the runner image. Each is made there by the first test that asks, keyed by the
// content it was made from, so a run of a few files pays for nothing it does not use, and a rerun in
// watch mode gets a fresh folder, since the tree may have changed since. Removed at the end.

declare module 'vitest' {
  export interface ProvidedContext {
    sharedBuildsFolder: string;
  }
}

export default function setup(project: TestProject): () => void {
  return provideFreshFolderPerRun(project, 'sharedBuildsFolder', 'bac-shared-builds-');
}
