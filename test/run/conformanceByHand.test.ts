import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { runToExit } from '../support/childProcess.ts';

// `npx vitest --project conformance`, for people who like their IDE's test explorer: with no
// run's reports provided, the conformance file runs the engine itself against the emulator
// vitest starts (run/embeddedConformance.ts), one test per scenario. CONFORMANCE_GREP keeps it to one.

const VITEST = join(PROJECT_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const SCENARIO = 'conventions/plain-json-request';

test('the conformance project run by hand runs the engine against an embedded emulator', async () => {
  const result = await runToExit(VITEST, ['run', '--project', 'conformance', '--reporter', 'verbose'], {
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
}, 120_000);
