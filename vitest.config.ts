import { defineConfig } from 'vitest/config';

// Two projects share this file:
// - "project": the project's own tests (test/), run by `npm test` and CI; test/soak/ holds
//   the whole-suite runs repeated against long-lived targets (`npm run test:soak` runs only those);
// - "conformance": the conformance suites (suites/), run against a target by the CLI,
//   one file at a time because they share one target and its webhook limit.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'project',
          include: ['test/**/*.test.ts'],
          // Two files at a time: most of these tests wait (on virtual clocks, child runs,
          // Chromium, Docker), and vitest's default on a 2-core machine is one.
          maxWorkers: 2,
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
