import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { runToExit } from '../support/childProcess.ts';

// `npx vitest --project conformance`, for people who like their IDE's test explorer: with no
// run's reports provided, the conformance file runs the engine itself against the emulator
// vitest starts (run/embeddedConformance.ts), one test per scenario. CONFORMANCE_GREP keeps it to one.
// With allure-vitest as a reporter, as a team that runs everything through vitest adds it, each
// test is an Allure result labelled from its scenario's report (report/allureSetup.ts); allure-vitest
// writes them to ./allure-results, a folder the project ignores.

const VITEST = join(PROJECT_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const SCENARIO = 'conventions/plain-json-request';
const ALLURE_RESULTS = join(PROJECT_ROOT, 'allure-results');

test('the conformance project run by hand runs the engine against an embedded emulator, Allure from allure-vitest', async () => {
  rmSync(ALLURE_RESULTS, { recursive: true, force: true });
  const reporters = ['--reporter', 'verbose', '--reporter', 'allure-vitest/reporter'];
  const result = await runToExit(VITEST, ['run', '--project', 'conformance', ...reporters], {
    cwd: PROJECT_ROOT,
    // The child is a vitest of its own, not a worker of this one.
    env: {
      CONFORMANCE_GREP: SCENARIO,
      NO_COLOR: '1',
      VITEST: undefined,
      VITEST_POOL_ID: undefined,
      VITEST_WORKER_ID: undefined,
      NODE_ENV: undefined,
    },
  });
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toContain(`conventions > [GN-PLAIN-JSON-REQUEST] ${SCENARIO.slice('conventions/'.length)}:`);
  expect(result.stdout).toMatch(/Tests\s+1 passed \(1\)/);
  const written = readdirSync(ALLURE_RESULTS)
    .filter((name) => name.endsWith('-result.json'))
    .map(
      (name) =>
        JSON.parse(readFileSync(join(ALLURE_RESULTS, name), 'utf8')) as { status: string; labels: Array<{ name: string; value: string }> },
    );
  expect(written).toHaveLength(1);
  const labels = (name: string) => written[0]?.labels.filter((label) => label.name === name).map((label) => label.value);
  expect(written[0]?.status).toBe('passed');
  expect(labels('framework')).toEqual(['vitest']);
  expect(labels('epic')).toEqual(['conventions']);
  expect(labels('story')).toContain('GN-PLAIN-JSON-REQUEST');
  expect(labels('severity')).toHaveLength(1);
}, 120_000);
