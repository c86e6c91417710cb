import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { type ActionRun, runCompositeAction } from './compositeAction.ts';

// The action's dependencies as a fresh runner sees them: the action's folder (here a
// copy: action.yml, package-lock.json, its scripts) without node_modules. The cache key
// is the lockfile's SHA-256 with the OS, the architecture and Node's major version;
// on a miss `npm ci` installs (an `npm` first on PATH that records its arguments) and
// the cache is saved under that same key before the suite runs, on a hit neither.

const MAJOR = process.version.slice(1).split('.')[0] as string;
const scratch = mkdtempSync(join(tmpdir(), 'bac-action-cache-'));
const actionCopy = join(scratch, 'action');
const tools = join(scratch, 'bin');
const npmLog = join(scratch, 'npm-args');
let miss: ActionRun;
let hit: ActionRun;
let container: ActionRun;
let installed: string;
let installedForContainers: string;

async function runWith(cacheHit: string, args = '--only=no-such-area'): Promise<ActionRun> {
  const workspace = mkdtempSync(join(scratch, 'workspace-'));
  rmSync(npmLog, { force: true });
  return runCompositeAction(actionCopy, { args }, workspace, {
    env: { PATH: `${tools}${delimiter}${process.env.PATH}` },
    uses: (uses): Record<string, string> => (uses.startsWith('actions/cache/restore@') ? { 'cache-hit': cacheHit } : {}),
  });
}

beforeAll(async () => {
  mkdirSync(actionCopy);
  for (const file of ['action.yml', 'package-lock.json']) copyFileSync(join(PROJECT_ROOT, file), join(actionCopy, file));
  for (const folder of ['action', 'bin']) symlinkSync(join(PROJECT_ROOT, folder), join(actionCopy, folder));
  mkdirSync(tools);
  symlinkSync(process.execPath, join(tools, 'node'));
  writeFileSync(join(tools, 'npm'), `#!/bin/sh\necho "$@" > '${npmLog}'\n`);
  chmodSync(join(tools, 'npm'), 0o755);
  miss = await runWith('');
  installed = readFileSync(npmLog, 'utf8');
  hit = await runWith('true');
  container = await runWith('', '--target-image=example/not-pulled:1');
  installedForContainers = readFileSync(npmLog, 'utf8');
}, 120_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const lockHash = (): string =>
  createHash('sha256')
    .update(readFileSync(join(PROJECT_ROOT, 'package-lock.json')))
    .digest('hex');

const keyOf = (scope: string): string =>
  `banking-api-conformance-deps-${process.platform === 'darwin' ? 'macOS' : 'Linux'}-${process.arch === 'arm64' ? 'ARM64' : 'X64'}-node${MAJOR}-${scope}-${lockHash()}`;

test('the cache key is derived from the lockfile, the OS, the architecture and the Node major', () => {
  const restore = miss.usesSteps[0];
  expect(restore?.uses).toMatch(/^actions\/cache\/restore@[0-9a-f]{40}$/);
  expect(restore?.with).toEqual({
    path: join(actionCopy, 'node_modules'),
    key: keyOf('runtime'),
  });
});

test('a container target (testcontainers, a devDependency here) installs the whole locked tree, under a key of its own', () => {
  expect(container.usesSteps[0]?.with.key).toBe(keyOf('containers'));
  expect(installedForContainers.trim()).toBe(`ci --prefix ${actionCopy} --no-audit --no-fund`);
});

test('a miss installs the locked tree (tsx runs the sources) into the action folder and saves it under the same key', () => {
  expect(installed.trim()).toBe(`ci --prefix ${actionCopy} --no-audit --no-fund`);
  expect(miss.stepCodes['Install the suite']).toBe(0);
  const [restore, save] = miss.usesSteps;
  expect(save).toEqual({ uses: expect.stringMatching(/^actions\/cache\/save@[0-9a-f]{40}$/), with: restore?.with, ran: true });
});

test('a hit neither installs nor saves', () => {
  expect(hit.stepCodes).not.toHaveProperty('Install the suite');
  expect(hit.usesSteps.map((step) => step.ran)).toEqual([true, false]);
});

test('an action folder that has its node_modules (a checkout used as ./) neither restores, installs nor saves', async () => {
  const workspace = mkdtempSync(join(scratch, 'workspace-'));
  const present = await runCompositeAction(PROJECT_ROOT, { args: '--only=no-such-area' }, workspace);
  expect(present.usesSteps.map((step) => step.ran)).toEqual([false, false]);
  expect(present.stepCodes).not.toHaveProperty('Install the suite');
}, 60_000);
