import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { PROJECT_ROOT } from '../../cli/cliProcess.ts';
import { commandToExit } from '../../support/childProcess.ts';
import { fencedBlocks } from '../../tree/markdownBlocks.ts';

// The README's first commands, on a fresh clone, as a newcomer types them: the block under "From a
// clone" is read from the README and run line by line in one shell, in an empty folder. Where the
// test cannot run a line letter for letter it says why:
// - the clone is of this checkout (its committed tree, HEAD), not of GitHub: the same files a clone
//   of the published repository gives, and no network;
// - `npm ci` installs the locked tree preferring npm's cache (--prefer-offline, as CI's `cache: npm`
//   does), without the audit and funding notes: the same packages, the lockfile's, installed for real
//   (nothing is linked from this checkout);
// - `npm test` is the project's whole test suite, this test among it: .github/workflows/ci.yml runs
//   `npm ci` then `npm test` on a fresh checkout of every push.
// `npm run conformance` runs as printed: the whole suite against the embedded emulator, CONFORMANT.

const README = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
const scratch = mkdtempSync(join(tmpdir(), 'bac-readme-setup-'));
// A clone with its node_modules: thousands of files to remove.
afterAll(() => rm(scratch, { recursive: true, force: true }), 180_000);

const CLONE = /^git clone (\S+)$/;

/** Each command the block may hold, as this test runs it (undefined: not run, for the reason above). */
function asRun(command: string): string | undefined {
  const clone = CLONE.exec(command);
  if (clone) return `git clone --quiet ${PROJECT_ROOT} ${clone[1]!.replace(/^.*\//, '').replace(/\.git$/, '')}`;
  if (command === 'npm ci') return 'npm ci --prefer-offline --no-audit --no-fund';
  if (command === 'npm test') return undefined;
  if (/^cd \S+$/.test(command) || command === 'npm run conformance') return command;
  throw new Error(`the README's set-up block has a command this test does not know how to run: ${command}`);
}

const setupBlock = (): string[] => {
  const block = fencedBlocks(README).find((each) => each.content.startsWith('git clone '));
  expect(block, 'the README has no block starting with git clone').toBeDefined();
  return block!.content
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '');
};

test("the README's set-up comes first: a clone, npm ci, then npm run conformance, before the registry install", () => {
  const commands = setupBlock();
  expect(commands.slice(0, 3)).toEqual([expect.stringMatching(CLONE), expect.stringMatching(/^cd /), 'npm ci']);
  expect(commands).toContain('npm run conformance');
  expect(README.indexOf('npm run conformance')).toBeLessThan(README.indexOf('npm install --save-dev banking-api-conformance'));
  // The registry install is shown as what it will be, and says so.
  expect(README).toMatch(/\*\*npm package\*\* \(once a release is published/);
});

test("the README's set-up block, run in a fresh clone: npm ci installs, npm run conformance is CONFORMANT", async () => {
  const lines = setupBlock().flatMap((command) => {
    const run = asRun(command);
    return run === undefined ? [] : [`echo "+ ${command}"`, run];
  });
  const ran = await commandToExit('bash', ['-e', '-c', lines.join('\n')], {
    cwd: scratch,
    env: { NO_COLOR: '1', CI: '' },
  });
  expect(ran.code, `${ran.stdout.slice(-3000)}\n${ran.stderr.slice(-3000)}`).toBe(0);
  expect(ran.stdout).toMatch(/^Verdict: CONFORMANT: every applicable MUST requirement passed\.$/m);
  const clone = join(scratch, 'banking-api-conformance');
  expect(existsSync(join(clone, 'node_modules/.package-lock.json'))).toBe(true);
  expect(existsSync(join(clone, 'reports/results.json'))).toBe(true);
}, 300_000);
