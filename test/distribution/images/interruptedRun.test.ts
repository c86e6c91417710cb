import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PROJECT_ROOT } from '../../cli/cliProcess.ts';
import { dockerTestSlot, dockerUnavailableReason, emulatorImageForTests, leftoverTargetContainers } from './dockerForTests.ts';

// Ctrl-C in the middle of a run against a container target removes the
// container: testcontainers' reaper is disabled where it cannot run, so the
// harness itself must not leave it behind.

const unavailable = dockerUnavailableReason();
let tag: string;

let release: (() => void) | undefined;
afterAll(() => release?.());

beforeAll(async () => {
  if (unavailable) return;
  release = await dockerTestSlot();
  tag = (await emulatorImageForTests()).tag;
}, 300_000);

function interruptOnceRunning(args: string[]): Promise<{ code: number | null; output: string; containerId: string | undefined }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${PROJECT_ROOT}/bin/banking-api-conformance.mjs`, ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, BANKING_API_CONFORMANCE_RUN: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let interrupted = false;
    const onOutput = (chunk: Buffer): void => {
      output += chunk;
      // The suite is under way a moment after it names its target: scenarios are running against the container.
      if (!interrupted && output.includes('Target: ')) {
        interrupted = true;
        setTimeout(() => child.kill('SIGINT'), 3_000);
      }
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output, containerId: /Container ([0-9a-f]{12}) of /.exec(output)?.[1] }));
  });
}

test('Ctrl-C during the run removes the container', async (ctx) => {
  ctx.skip(unavailable !== undefined, unavailable);
  const run = await interruptOnceRunning([
    'run',
    '--target-image',
    tag,
    '--report-dir',
    mkdtempSync(join(tmpdir(), 'bac-image-interrupted-')),
  ]);
  expect(run.containerId, run.output).toBeDefined();
  expect(run.code, run.output).not.toBe(0);
  expect(run.output).toContain('SIGINT: removing the target container');
  expect(await leftoverTargetContainers({ id: run.containerId as string })).toEqual([]);
}, 120_000);
