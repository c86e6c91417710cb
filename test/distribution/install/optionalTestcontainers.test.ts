import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PROJECT_ROOT, runCli } from '../../cli/cliProcess.ts';

// testcontainers is an optional peer dependency: most of an install (ssh2, cpu-features and
// protobufjs with their install scripts among it) that only a container target uses. Without
// it every other command works, and a container target is refused in one line naming it.
// The registry install test installs the package without it, as a user does.

const WITHOUT_TESTCONTAINERS = {
  NODE_OPTIONS: `--import ${join(PROJECT_ROOT, 'test/distribution/install/withoutPackages.mjs')}`,
  WITHOUT_PACKAGES: 'testcontainers',
};

test('package.json: an optional peer dependency, installed here for the container tests only', () => {
  const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8'));
  expect(manifest.dependencies).not.toHaveProperty('testcontainers');
  expect(manifest.peerDependencies.testcontainers).toBe(manifest.devDependencies.testcontainers);
  expect(manifest.peerDependenciesMeta.testcontainers).toEqual({ optional: true });
});

test('--target-image without testcontainers: one line naming the package to install, exit 2', async () => {
  const run = await runCli(
    ['run', '--target-image', 'example/not-pulled:1', '--report-dir', 'reports/optional-testcontainers'],
    WITHOUT_TESTCONTAINERS,
  );
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr.trim().split('\n')).toEqual([
    'banking-api-conformance: a container target needs the testcontainers package, which is not installed: npm install --save-dev testcontainers',
  ]);
}, 60_000);

test('without testcontainers, a command that starts no container works', async () => {
  const list = await runCli(['list', 'areas'], WITHOUT_TESTCONTAINERS);
  expect(list.code, list.stderr).toBe(0);
  expect(list.stdout).toMatch(/auth\s+\d+ scenarios/);
}, 60_000);
