import type { TestProject } from 'vitest/node';
import { provideFreshFolderPerRun } from './freshFolderPerRun.ts';

// vitest's global set-up for the project's tests (vitest.config.ts): the folder where the one
// clean full run of this `vitest run` is kept (test/support/sharedCleanRun.ts), removed at the end.
// The run is made there only if a test asks for it, so a run of a few files pays nothing. In watch
// mode each rerun gets a fresh folder: the code under test may have changed since the last run.

declare module 'vitest' {
  export interface ProvidedContext {
    cleanRunFolder: string;
  }
}

export default function setup(project: TestProject): () => void {
  return provideFreshFolderPerRun(project, 'cleanRunFolder', 'bac-clean-run-');
}
