import type { TestProjectInlineConfiguration } from 'vitest/config';

// vitest's conformance project, for teams that run everything through vitest: the project's
// vitest.config.ts lists it, and `npx vitest --project conformance` runs suites/run.conformance.ts
// with it. run/embeddedConformance.ts starts an emulator and the file runs the engine against it,
// one test per scenario; with allure-vitest given as a reporter, Allure labels and evidence come
// from each scenario's report (report/allureSetup.ts). No command loads it: `run` and `receiver`
// write Allure directly (report/allureWriter.ts).

export const conformanceProject = {
  test: {
    name: 'conformance',
    include: ['suites/**/*.conformance.ts'],
    fileParallelism: false,
    isolate: false,
    globalSetup: ['./run/embeddedConformance.ts'],
    setupFiles: ['allure-vitest/setup', './report/allureSetup.ts'],
    // Not the project's module cache: a module read back from it breaks vite's stack traces in the
    // worker, and the first socket destroyed with an error (the delivery scenarios) ends the run.
    experimental: { fsModuleCache: false },
    // One scenario can take minutes against a slow target.
    testTimeout: 900_000,
    hookTimeout: 60_000,
  },
} satisfies TestProjectInlineConfiguration;
