import { chownSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { docker } from '../../../container/dockerCli.ts';
import { freeLoopbackPort } from '../../../container/listenAddress.ts';
import { packedTarball } from '../install/installedPackage.ts';
import { commandToExit, type ProcessResult } from '../../support/childProcess.ts';
import { dockerTestSlot, dockerUnavailableReason, emulatorImageForTests, RUNNER_TEST_TAG, runnerImageForTests } from './dockerForTests.ts';

// The suite's own image (runner.Dockerfile), built on the locally made base, run as
// the README says against the emulator's image: CONFORMANT, the token read from -e,
// the reports in the mounted folder owned by that folder's owner (a non-root user
// even when the tests run as root), and the suite's exit code passed through.

const unavailable = dockerUnavailableReason();
const TOKEN = `runner-${process.pid}-${Date.now()}`;
const data = mkdtempSync(join(tmpdir(), 'bac-runner-data-'));
// Root's tests hand the folder to another user, to show the reports are not root's.
const OWNER = process.getuid?.() === 0 ? { uid: 4242, gid: 4242 } : { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
let emulatorContainer = '';
let release: (() => void) | undefined;
let sizeBytes = 0;

const dockerRun = (args: string[]): Promise<ProcessResult> =>
  commandToExit('docker', ['run', '--rm', '--network', 'host', '-v', `${data}:/data`, ...args]);

async function healthOf(url: string): Promise<{ fixtures: { accountId: string; depositProductId: string } }> {
  for (let tries = 0; ; tries++) {
    try {
      const response = await fetch(`${url}/_emulator/health`);
      if (response.ok) return (await response.json()) as { fixtures: { accountId: string; depositProductId: string } };
    } catch (error) {
      if (tries > 60) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

beforeAll(async () => {
  if (unavailable) return;
  // The run's one tarball (packed in turn with the install tests' packs), awaited before the slot: the
  // other container tests need not wait for a pack.
  const tarball = await packedTarball();
  release = await dockerTestSlot();
  const emulator = await emulatorImageForTests();
  // The image built from that tarball once in the run.
  sizeBytes = (await runnerImageForTests(tarball.path)).sizeBytes;
  const port = await freeLoopbackPort();
  emulatorContainer = (
    await docker([
      'run',
      '-d',
      '--rm',
      '--network',
      'host',
      '-e',
      'HOST=127.0.0.1',
      '-e',
      `PORT=${port}`,
      '-e',
      `BANKING_EMULATOR_TOKEN=${TOKEN}`,
      emulator.tag,
    ])
  ).trim();
  const url = `http://127.0.0.1:${port}`;
  const { fixtures } = await healthOf(url);
  writeFileSync(
    join(data, 'sandbox.json'),
    `${JSON.stringify(
      {
        name: 'emulator image',
        baseUrl: url,
        environment: 'sandbox',
        capabilities: ['core'],
        tokens: [{ env: 'SANDBOX_TOKEN', scopes: ['payments', 'payments-write', 'webhooks', 'webhooks-write', 'events', 'events-write'] }],
        fixtures: { accountId: String(fixtures.accountId), depositProductId: String(fixtures.depositProductId) },
      },
      null,
      2,
    )}\n`,
  );
  chownSync(data, OWNER.uid, OWNER.gid);
  chownSync(join(data, 'sandbox.json'), OWNER.uid, OWNER.gid);
}, 600_000);

afterAll(async () => {
  if (emulatorContainer) await docker(['rm', '--force', emulatorContainer]).catch(() => {});
  release?.();
  rmSync(data, { recursive: true, force: true });
});

test('the runner image judges the emulator image CONFORMANT and writes the reports as the owner of /data', async (context) => {
  context.skip(unavailable !== undefined, unavailable);
  console.log(`runner image: ${(sizeBytes / 1_000_000).toFixed(1)} MB on the locally made base`);
  const run = await dockerRun([
    '-e',
    `SANDBOX_TOKEN=${TOKEN}`,
    RUNNER_TEST_TAG,
    'run',
    '--target',
    '/data/sandbox.json',
    '--report-dir',
    '/data/reports',
    '--only',
    'auth',
  ]);
  expect(run.code, `${run.stdout.slice(-3000)}\n${run.stderr}`).toBe(0);
  expect(run.stdout).toContain('Verdict: CONFORMANT');
  expect(run.stdout + run.stderr).not.toContain(TOKEN);
  expect(JSON.parse(readFileSync(join(data, 'reports/results.json'), 'utf8')).verdict).toBe('conformant');
  for (const file of ['reports', 'reports/results.json', 'reports/summary.md', 'reports/report.html']) {
    expect(statSync(join(data, file)), file).toMatchObject(OWNER);
  }
}, 300_000);

test("the container exits with the suite's exit code: 2 for a manifest that is not there", async (context) => {
  context.skip(unavailable !== undefined, unavailable);
  const run = await dockerRun([RUNNER_TEST_TAG, 'run', '--target', '/data/missing.json', '--report-dir', '/data/reports-missing']);
  expect(run.code).toBe(2);
  // The path is checked before any work starts: one line naming the option and the path.
  expect(run.stderr).toContain('--target /data/missing.json cannot be read (ENOENT)');
}, 120_000);
