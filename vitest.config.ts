import { defineConfig } from 'vitest/config';
import { conformanceProject } from './report/conformance.vitest.config.ts';
import { moduleCacheDirectory } from './test/support/moduleCache.ts';
import { HeaviestFirstSequencer } from './test/support/heaviestFirstSequencer.ts';

// Compiled modules are kept between runs where a folder can be written (test/support/moduleCache.ts).
const MODULE_CACHE = moduleCacheDirectory();

// Two projects share this file:
// - "project": the project's own tests (test/), run by `npm test` and CI; test/proofs/soak/ holds
//   the whole-suite runs repeated against long-lived targets (`npm run test:soak` runs only those);
// - "conformance": the conformance suites' one file (suites/run.conformance.ts), run by hand:
//   the engine against an embedded emulator, one vitest test per scenario (Allure through
//   allure-vitest when it is given as a reporter).
export default defineConfig({
  test: {
    sequence: { sequencer: HeaviestFirstSequencer },
    experimental: MODULE_CACHE ? { fsModuleCache: true, fsModuleCachePath: MODULE_CACHE } : {},
    projects: [
      {
        test: {
          name: 'project',
          include: ['test/**/*.test.ts'],
          // The folder of the one clean full run the tests that only read one share (test/support/sharedCleanRun.ts),
          // and the folder of what tests build once and share: the packed tarball, the images (test/support/sharedBuild.ts).
          globalSetup: ['./test/support/cleanRunFolder.ts', './test/support/sharedBuildsFolder.ts'],
          // Three files at a time on a 2-core machine: most of these tests wait (on virtual clocks, child runs,
          // Chromium, Docker, a target's latency or a delivery held back), so two workers left a core idle; a
          // fresh-clone run measured the three workers' own CPU at about a tenth of their time.
          maxWorkers: 3,
          // A worker keeps the modules it has loaded from one file to the next: loading the
          // harness, emulator and suites again for each of some 180 files took a sixth of the
          // run. The product's modules keep no state a test could leave behind: a file that
          // changes the environment or a global restores it (vi.unstubAllEnvs, afterAll).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      conformanceProject,
    ],
  },
});
