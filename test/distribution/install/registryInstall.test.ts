import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { commandToExit, type ProcessResult } from '../../support/childProcess.ts';
import { installedPackages, installWarnings } from './installedTree.ts';
import { packedTarball, type PackedTarball, shown, type StartedEmulator, startEmulatorWith, stopGroup } from './installedPackage.ts';
import { type LocalRegistry, npmEnvironmentOf, npmrcFor, startLocalRegistry, throwawayToken } from './localRegistry.ts';

// The release as a user meets it: the packed package published to a real registry
// (Verdaccio on loopback, every other package through its uplink), then the README's
// install commands run, letter for letter, in an empty folder whose .npmrc names that
// registry. npm's cache is the test's own, so npx cannot run a copy left by an earlier run.
// The install resolves afresh, as a user's does, on the Node this test runs on (CI: 20, the oldest
// the package claims): no EBADENGINE warning, no optional peer (testcontainers, allure, tsx), no
// package npm warns has an install script, and no more packages than the goal; its package count
// and the install-script warnings are printed against their goals.

/** The goals of an install into an empty project (issue 40), held since the package runs compiled (issue 44). */
const INSTALL_GOALS = { packages: 150, installScripts: 0 };

const scratch = mkdtempSync(join(tmpdir(), 'bac-registry-'));
const user = join(scratch, 'user-project');
const env = npmEnvironmentOf(join(scratch, 'npm-cache'));
let registry: LocalRegistry | undefined;
let packed: PackedTarball;
let emulator: StartedEmulator | undefined;

const inFolder = (cwd: string, command: string, args: string[]): Promise<ProcessResult> => commandToExit(command, args, { cwd, env });
const inUser = (command: string, ...args: string[]): Promise<ProcessResult> => inFolder(user, command, args);

/** A goal's line, as bench/benchGoals.ts prints one. */
function printGoal(name: string, figure: string, goal: string, met: boolean): void {
  console.log(`  ${met ? 'met    ' : 'NOT MET'}  ${name}: ${figure} (goal ${goal})`);
}

/** How long each step took, printed: the test's wall time is part of `npm test`'s. */
async function timed<T>(step: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${step}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

beforeAll(async () => {
  // The run's one tarball, as `npm pack` makes it (packed here if no test of this run has asked yet).
  packed = await timed('npm pack (shared by the run)', packedTarball);
  registry = await timed(`install and start Verdaccio`, () => startLocalRegistry(scratch, packed.name));
  const publisher = join(scratch, 'publisher');
  mkdirSync(publisher);
  writeFileSync(join(publisher, '.npmrc'), npmrcFor(registry, await throwawayToken(registry)));
  // --provenance=false: package.json asks for provenance, which only a CI's identity can sign (the release workflow has one).
  const publish = await timed('npm publish', () => inFolder(publisher, 'npm', ['publish', '--provenance=false', packed.path]));
  expect(publish.code, shown(publish)).toBe(0);
  mkdirSync(user);
  writeFileSync(join(user, '.npmrc'), npmrcFor(registry));
}, 600_000);

afterAll(async () => {
  await stopGroup(emulator?.process);
  await stopGroup(registry?.process);
  rmSync(scratch, { recursive: true, force: true });
});

test('the empty folder installs from the local registry and nowhere else', async () => {
  const configured = await inUser('npm', 'config', 'get', 'registry');
  expect(configured.stdout.trim()).toBe(registry?.url);
  expect(existsSync(join(registry?.storage as string, packed.name, 'package.json'))).toBe(true);
});

test(`npx --yes banking-api-conformance@<version> init --yes: the embedded emulator, nothing written`, async () => {
  const init = await timed('npx --yes … init --yes', () => inUser('npx', '--yes', `${packed.name}@${packed.version}`, 'init', '--yes'));
  expect(init.code, shown(init)).toBe(0);
  expect(init.stdout).toContain('Next: npx banking-api-conformance run');
  expect(init.stdout).not.toContain('--target');
  // A warning npm prints for the tree it resolved (an engine a dependency asks for) is the user's first sight of the package.
  expect(installWarnings(init.stderr).engine).toEqual([]);
}, 600_000);

test('npm install --save-dev banking-api-conformance, then npx banking-api-conformance run: CONFORMANT', async () => {
  const install = await timed('npm install --save-dev', () => inUser('npm', 'install', '--save-dev', packed.name));
  expect(install.code, shown(install)).toBe(0);
  expect(JSON.parse(readFileSync(join(user, 'package.json'), 'utf8')).devDependencies).toHaveProperty(packed.name);
  // Its dependencies came through the registry's uplink, not from anywhere else.
  expect(existsSync(join(registry?.storage as string, 'fastify', 'package.json'))).toBe(true);
  const warnings = installWarnings(install.stderr);
  expect(warnings.engine).toEqual([]);
  const installed = installedPackages(user).filter((id) => !id.startsWith(`${packed.name}@`));
  expect(installed.filter((id) => /^(?:testcontainers|allure|tsx|vitest)@/.test(id))).toEqual([]);
  printGoal(
    'packages installed with it',
    `${installed.length + 1}`,
    `≤ ${INSTALL_GOALS.packages}`,
    installed.length + 1 <= INSTALL_GOALS.packages,
  );
  printGoal(
    'packages npm warns have install scripts',
    `${warnings.installScripts.length} (${warnings.installScripts.join(', ') || 'none'})`,
    `${INSTALL_GOALS.installScripts}`,
    warnings.installScripts.length <= INSTALL_GOALS.installScripts,
  );
  expect(warnings.installScripts).toEqual([]);
  expect(installed.length + 1).toBeLessThanOrEqual(INSTALL_GOALS.packages);
  const run = await timed('npx banking-api-conformance run (every area)', () => inUser('npx', 'banking-api-conformance', 'run'));
  expect(run.code, shown(run)).toBe(0);
  expect(run.stdout).toContain('Verdict: CONFORMANT');
  expect(JSON.parse(readFileSync(join(user, 'reports/results.json'), 'utf8')).verdict).toBe('conformant');
  // Every command the output names works from the installed package: none is a clone's npm script.
  expect(run.stdout + run.stderr).not.toMatch(/npm run |npx tsx /);
}, 900_000);

test('--target-image without the optional testcontainers: one line naming it, exit 2', async () => {
  const run = await inUser(
    'npx',
    'banking-api-conformance',
    'run',
    '--target-image',
    'example/not-pulled:1',
    '--report-dir',
    'image-reports',
  );
  expect(run.code, shown(run)).toBe(2);
  expect(run.stderr.trim().split('\n')).toEqual([
    'banking-api-conformance: a container target needs the testcontainers package, which is not installed: npm install --save-dev testcontainers',
  ]);
}, 120_000);

test('npx banking-api-emulator answers on the URL it prints', async () => {
  emulator = await startEmulatorWith(['banking-api-emulator', '--port', '0'], user, env);
  const answer = await fetch(`${emulator.url}/openapi.json`);
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { openapi: string }).openapi).toBe('3.1.0');
  await stopGroup(emulator.process);
}, 120_000);

test('init --kind emulator --base-url <a started emulator> writes a manifest that run --target accepts', async () => {
  emulator = await startEmulatorWith(['banking-api-emulator', '--port', '0'], user, env);
  const init = await inUser('npx', 'banking-api-conformance', 'init', '--kind', 'emulator', '--base-url', emulator.url, '--yes');
  expect(init.code, shown(init)).toBe(0);
  const next = /Next: npx (banking-api-conformance run .*)$/m.exec(init.stdout)?.[1];
  expect(next, init.stdout).toContain('--target banking-api-target.json');
  const manifest = JSON.parse(readFileSync(join(user, 'banking-api-target.json'), 'utf8'));
  expect(manifest.baseUrl).toBe(emulator.url);
  expect(existsSync(join(user, manifest.$schema))).toBe(true);
  // The command init printed, as printed; one area, since the whole suite ran in the test before.
  const printed = (next as string).split(' ');
  const run = await timed('run --target (auth)', () => inUser('npx', ...printed, '--only', 'auth', '--report-dir', 'emulator-reports'));
  expect(run.code, shown(run)).toBe(0);
  expect(run.stdout).toContain('Verdict: CONFORMANT');
  await stopGroup(emulator.process);
}, 300_000);
