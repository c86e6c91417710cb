import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { commandToExit, type ProcessResult } from '../../support/childProcess.ts';
import { dependencyCosts } from './dependencyCost.ts';
import { listRequirements } from '../../../cli/catalogueListing.ts';
import { packedTarball, type PackedTarball, shown, type StartedEmulator, startEmulatorWith, stopGroup } from './installedPackage.ts';

// The package as a user gets it: `npm pack`, installed with `npm i ./tarball` into an
// empty project (the npm registry is the only network it needs), then every command
// the README promises run through npx from that project. It prints the packed and
// installed size and what each runtime dependency costs (docs/development.md). The package
// runs the JavaScript `npm run build` compiled before packing; its optional peers (allure,
// tsx) are installed only where a command asks for them.

type Ran = ProcessResult;

const scratch = mkdtempSync(join(tmpdir(), 'bac-packed-'));
const project = join(scratch, 'project');
let packed: PackedTarball;
let emulator: StartedEmulator | undefined;
const TOKEN = `packed-${process.pid}-${Date.now()}`;

const exec = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Ran> =>
  commandToExit(command, args, { cwd, env });

/** `npx <bin> ...` in the installed project, never fetching a package of that name from the registry. */
const npx = (args: string[], env: NodeJS.ProcessEnv = {}): Promise<Ran> =>
  exec('npx', ['--no-install', ...args], project, { NO_COLOR: '1', ...env });
const mb = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1)} MB`;
const installedPackage = join(project, 'node_modules', 'banking-api-conformance');

beforeAll(async () => {
  // The run's one tarball, as `npm pack` makes it (packed here if no test of this run has asked yet).
  packed = await packedTarball();
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'empty-project', private: true }, null, 2)}\n`);
  const install = await exec('npm', ['install', '--no-audit', '--no-fund', packed.path], project);
  expect(install.code, install.stderr).toBe(0);
}, 600_000);

afterAll(async () => {
  await stopGroup(emulator?.process);
  rmSync(scratch, { recursive: true, force: true });
});

test("the package holds what a user runs, not the project's tests, benches or tooling", () => {
  const paths = packed.files.map((file) => file.path);
  for (const needed of [
    'bin/banking-api-conformance.mjs',
    'bin/banking-api-emulator.mjs',
    'requirements/auth.yaml',
    'schemas/harness/target-manifest.schema.json',
    'schemas/harness/expected-failures.schema.json',
    'targets/emulator.json',
    'README.md',
    'docs/cli.md',
    'LICENSE',
  ]) {
    expect(paths).toContain(needed);
  }
  const foreign = paths.filter((path) =>
    /^(test|bench|fixtures\/(reports|schemas|baselines|signing|simulation))\/|^(eslint\.config|tsconfig)|emulatorImage/.test(path),
  );
  expect(foreign).toEqual([]);
  const { costs, installedBytes } = dependencyCosts(project, 'banking-api-conformance');
  const tarball = statSync(packed.path).size;
  console.log(
    `packed ${mb(tarball)}, unpacked ${mb(packed.unpackedSize)} (${paths.length} files); installed with its dependencies ${mb(installedBytes)}`,
  );
  console.log(
    costs
      .map(
        (cost) =>
          `  ${cost.name.padEnd(18)} own ${mb(cost.ownBytes).padStart(8)}, with shared ${mb(cost.allBytes).padStart(8)} (${cost.packages} packages)`,
      )
      .join('\n'),
  );
  expect(costs.length).toBeGreaterThan(5);
});

test('it carries JavaScript compiled next to each source, with source maps, and installs no tsx, vitest or allure', () => {
  const paths = new Set(packed.files.map((file) => file.path));
  for (const program of ['cli/main', 'emulator/main']) {
    expect(paths).toContain(`${program}.js`);
    expect(paths).toContain(`${program}.js.map`);
  }
  const maps = [...paths].filter((path) => path.endsWith('.js.map'));
  expect(maps.length).toBeGreaterThan(100);
  const unpaired = maps.filter((map) => !paths.has(map.replace(/\.js\.map$/, '.js')) || !paths.has(map.replace(/\.js\.map$/, '.ts')));
  expect(unpaired).toEqual([]);
  // Stack traces point at the TypeScript lines: the map names the source next to it.
  expect(JSON.parse(readFileSync(join(installedPackage, 'cli/main.js.map'), 'utf8')).sources).toEqual(['main.ts']);
  const installed = ['tsx', 'esbuild', 'vitest', 'allure-vitest', 'allure'].filter((name) =>
    existsSync(join(project, 'node_modules', name)),
  );
  expect(installed).toEqual([]);
});

test('a simulation adapter written in TypeScript, without tsx: one line naming it', async () => {
  writeFileSync(join(project, 'adapter.ts'), "const adapter: { name: string } = { name: 'typed' };\nexport default adapter;\n");
  const loader = join(installedPackage, 'harness/targetIO/simulation/simulationAdapterLoader.js');
  const load = await exec(
    'node',
    [
      '--input-type=module',
      '-e',
      `const { loadSimulationAdapter } = await import(${JSON.stringify(loader)});
       await loadSimulationAdapter(${JSON.stringify(join(project, 'adapter.ts'))}).catch((error) => console.log(error.message));`,
    ],
    project,
  );
  expect(load.stdout.trim()).toBe(
    'a simulation adapter written in TypeScript needs the tsx package, which is not installed: npm install --save-dev tsx',
  );
});

test('npx banking-api-conformance run --only auth: the embedded emulator, exit 0', async () => {
  const run = await npx(['banking-api-conformance', 'run', '--only', 'auth', '--report-dir', 'reports']);
  expect(run.code, shown(run)).toBe(0);
  expect(run.stdout).toContain('Verdict: CONFORMANT');
  expect(JSON.parse(readFileSync(join(project, 'reports/results.json'), 'utf8')).verdict).toBe('conformant');
  expect(readFileSync(join(project, 'reports/summary.md'), 'utf8')).toContain('CONFORMANT');
}, 300_000);

test('list, openapi, cleanup and report work from the installed package', async () => {
  const list = await npx(['banking-api-conformance', 'list', 'areas']);
  expect(list.code, shown(list)).toBe(0);
  expect(list.stdout).toMatch(/auth\s+\d+ scenarios/);
  // The package's list reads the rows its build wrote (cli/builtListing.ts): the clone's, row for row.
  expect(existsSync(join(installedPackage, 'cli/listing.json'))).toBe(true);
  const requirements = await npx(['banking-api-conformance', 'list', '--json']);
  expect(requirements.code, shown(requirements)).toBe(0);
  expect(JSON.parse(requirements.stdout)).toEqual(listRequirements({}));
  const openapi = await npx(['banking-api-conformance', 'openapi']);
  expect(openapi.code, shown(openapi)).toBe(0);
  expect(JSON.parse(openapi.stdout).openapi).toBe('3.1.0');
  const cleanup = await npx(['banking-api-conformance', 'cleanup', '--report-dir', 'reports']);
  expect(cleanup.code, shown(cleanup)).toBe(0);
  const withoutAllure = await npx(['banking-api-conformance', 'report', '--report-dir', 'reports']);
  expect(withoutAllure.code, shown(withoutAllure)).toBe(2);
  expect(withoutAllure.stderr.trim().split('\n')).toEqual([
    'banking-api-conformance: report (the Allure HTML) needs the allure package, which is not installed: npm install --save-dev allure',
  ]);
  const allure = await exec('npm', ['install', '--no-audit', '--no-fund', '--save-dev', 'allure'], project);
  expect(allure.code, shown(allure)).toBe(0);
  const report = await npx(['banking-api-conformance', 'report', '--report-dir', 'reports']);
  expect(report.code, shown(report)).toBe(0);
  expect(statSync(join(project, 'reports/allure-report')).isDirectory()).toBe(true);
}, 300_000);

test('npx banking-api-emulator, init --yes writes a manifest, run --target accepts it', async () => {
  emulator = await startEmulatorWith(['--no-install', 'banking-api-emulator', '--port', '0'], project, { BANKING_EMULATOR_TOKEN: TOKEN });
  const { url, accountId, depositProductId } = emulator;
  const init = await npx([
    'banking-api-conformance',
    'init',
    '--yes',
    '--output',
    'sandbox.json',
    '--base-url',
    url,
    '--token',
    'SANDBOX_TOKEN',
    '--account-id',
    accountId,
    '--deposit-product-id',
    depositProductId,
  ]);
  expect(init.code, shown(init)).toBe(0);
  expect(init.stdout).toContain('Next: npx banking-api-conformance run --target sandbox.json');
  const manifest = JSON.parse(readFileSync(join(project, 'sandbox.json'), 'utf8'));
  expect(manifest.$schema).toBe('./node_modules/banking-api-conformance/schemas/harness/target-manifest.schema.json');
  expect(statSync(join(project, manifest.$schema)).isFile()).toBe(true);
  const run = await npx(
    ['banking-api-conformance', 'run', '--target', 'sandbox.json', '--only', 'auth', '--report-dir', 'sandbox-reports'],
    { SANDBOX_TOKEN: TOKEN },
  );
  expect(run.code, shown(run)).toBe(0);
  expect(run.stdout).toContain('Verdict: CONFORMANT');
  expect(run.stdout + run.stderr).not.toContain(TOKEN);
}, 300_000);
