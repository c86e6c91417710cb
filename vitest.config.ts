import { defineConfig } from 'vitest/config';

// Two projects share this file:
// - "project": the project's own tests (test/), run by `npm test` and CI;
// - "conformance": the conformance suites (suites/), run against a target by the CLI,
//   one file at a time because they share one target and its webhook limit.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'project',
          include: ['test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'conformance',
          include: ['suites/**/*.conformance.ts'],
          fileParallelism: false,
          // Allure labels and evidence from each scenario's check records; `run --shard`, `--requirement`, `--grep` selection.
          setupFiles: ['allure-vitest/setup', './report/allureSetup.ts', './report/shardSetup.ts', './report/selectionSetup.ts'],
          // Scenarios bound their own waits; against a slow, rate-limited sandbox one
          // scenario (creating and cancelling a thousand rules) can take minutes.
          testTimeout: 900_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
