import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { PROJECT_ROOT, runCli } from '../../cli/cliProcess.ts';

// What the package installs is what its commands load: tsx, vitest, allure-vitest and allure are
// no runtime dependency (the package runs compiled JavaScript; no command loads vitest, see
// test/run/commandPaths.test.ts). allure (the `report` command's HTML) and tsx (a simulation
// adapter written in TypeScript) are optional peers, kept here as devDependencies. Without allure,
// `report` says in one line what to install (test/distribution/install/packedPackage.test.ts holds the same
// for tsx from the installed package).

const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8'));
const scratch = mkdtempSync(join(tmpdir(), 'bac-optional-peers-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('tsx, vitest, allure-vitest and allure are no runtime dependency; allure and tsx are optional peers', () => {
  for (const name of ['tsx', 'vitest', 'allure-vitest', 'allure']) {
    expect(manifest.dependencies).not.toHaveProperty(name);
    expect(manifest.devDependencies).toHaveProperty(name);
  }
  for (const name of ['allure', 'tsx']) {
    expect(manifest.peerDependencies[name]).toBe(manifest.devDependencies[name]);
    expect(manifest.peerDependenciesMeta[name]).toEqual({ optional: true });
  }
});

test('report without allure: one line naming the package to install, exit 2', async () => {
  mkdirSync(join(scratch, 'allure-results'), { recursive: true });
  const report = await runCli(['report', '--report-dir', scratch], {
    NODE_OPTIONS: `--import ${join(PROJECT_ROOT, 'test/distribution/install/withoutPackages.mjs')}`,
    WITHOUT_PACKAGES: 'allure',
  });
  expect(report.code, report.stderr).toBe(2);
  expect(report.stderr.trim().split('\n')).toEqual([
    'banking-api-conformance: report (the Allure HTML) needs the allure package, which is not installed: npm install --save-dev allure',
  ]);
}, 60_000);
