import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { moduleCacheDirectory } from '../run/moduleCache.ts';

// vitest's conformance project, packaged: the Allure face of a finished run
// (report/allureFace.ts) and a person's `npx vitest --project conformance` (the project's
// vitest.config.ts reuses it) run suites/run.conformance.ts with it. Fed a run's reports,
// each test only ends as its report says; with nothing provided, run/embeddedConformance.ts
// starts an emulator and the file runs the engine itself.

export const conformanceProject = {
  test: {
    name: 'conformance',
    include: ['suites/**/*.conformance.ts'],
    fileParallelism: false,
    isolate: false,
    globalSetup: ['./run/embeddedConformance.ts'],
    // Allure labels and evidence from each scenario's report (report/allureSetup.ts).
    setupFiles: ['allure-vitest/setup', './report/allureSetup.ts'],
    // The engine in the worker (nothing provided): one scenario can take minutes against a slow target.
    testTimeout: 900_000,
    hookTimeout: 60_000,
  },
} satisfies TestProjectInlineConfiguration;

// Compiled modules are kept between runs where a folder can be written (run/moduleCache.ts).
const MODULE_CACHE = moduleCacheDirectory();

export default defineConfig({
  test: {
    ...conformanceProject.test,
    experimental: MODULE_CACHE ? { fsModuleCache: true, fsModuleCachePath: MODULE_CACHE } : {},
  },
});
