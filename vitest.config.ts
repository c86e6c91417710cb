import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { moduleCacheDirectory } from './run/moduleCache.ts';

// vitest runs the files it has timed before longest first, and files it has not timed
// (a fresh clone, as in CI) largest first. Size says little here: the files that take
// minutes are short, start late, and the run ends with one worker on them and the other
// idle. These, measured, start first, longest first (test/tree/heaviestFirst.test.ts
// keeps the names true).
const HEAVIEST_TEST_FILES = [
  'test/verdicts/toleratedVariations.test.ts',
  'test/install/registryInstall.test.ts',
  'test/soak/scheduleSeeds.test.ts',
  'test/containers/runnerImage.test.ts',
  'test/verdicts/killMatrix.test.ts',
  'test/install/packedPackage.test.ts',
  'test/cli/verdictModes.test.ts',
  'test/run/calibrationLoop.test.ts',
  'test/verdicts/vendorLikeDelivery.test.ts',
  'test/verdicts/slowTarget.test.ts',
  'test/run/concurrencyVerdict.test.ts',
  'test/run/remoteTargetBench.test.ts',
  'test/verdicts/cleanEmulator.test.ts',
  'test/run/busyMachineVerdict.test.ts',
  'test/verdicts/rateLimitedTarget.test.ts',
  'test/soak/twoRunsOneSandbox.test.ts',
  'test/containers/emulatorImageCertified.test.ts',
  'test/cli/standaloneEmulator.test.ts',
];

class HeaviestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification): number => {
      const index = HEAVIEST_TEST_FILES.indexOf(relative(this.ctx.config.root, file.moduleId));
      return index < 0 ? HEAVIEST_TEST_FILES.length : index;
    };
    // Stable: the other files keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// Compiled modules are kept between runs where a folder can be written (run/moduleCache.ts).
const MODULE_CACHE = moduleCacheDirectory();

// Two projects share this file:
// - "project": the project's own tests (test/), run by `npm test` and CI; test/soak/ holds
//   the whole-suite runs repeated against long-lived targets (`npm run test:soak` runs only those);
// - "conformance": the conformance suites (suites/), run against a target by the CLI,
//   one file at a time because they share one target and its webhook limit.
export default defineConfig({
  test: {
    sequence: { sequencer: HeaviestFirstSequencer },
    experimental: MODULE_CACHE ? { fsModuleCache: true, fsModuleCachePath: MODULE_CACHE } : {},
    projects: [
      {
        test: {
          name: 'project',
          include: ['test/**/*.test.ts'],
          // Two files at a time: most of these tests wait (on virtual clocks, child runs,
          // Chromium, Docker), and vitest's default on a 2-core machine is one.
          maxWorkers: 2,
          // A worker keeps the modules it has loaded from one file to the next: loading the
          // harness, emulator and suites again for each of some 180 files took a sixth of the
          // run. The product's modules keep no state a test could leave behind: a file that
          // changes the environment or a global restores it (vi.unstubAllEnvs, afterAll).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'conformance',
          include: ['suites/**/*.conformance.ts'],
          fileParallelism: false,
          isolate: false,
          // Allure labels and evidence from each scenario's check records. The run's plan
          // (which scenarios, the target, the concurrency) comes by provide/inject (harness/providedRun.ts).
          setupFiles: ['allure-vitest/setup', './report/allureSetup.ts'],
          // Scenarios bound their own waits; against a slow, rate-limited sandbox one
          // scenario (creating and cancelling a thousand rules) can take minutes.
          testTimeout: 900_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
