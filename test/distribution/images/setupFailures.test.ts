import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runCli } from '../../cli/cliProcess.ts';
import {
  dockerTestSlot,
  dockerUnavailableReason,
  imageFromDockerfile,
  leftoverTargetContainers,
  localNodeBaseImage,
} from './dockerForTests.ts';

// A container target that exits, or never gets ready, is a setup error (exit 2)
// with one line naming the image and its last log line, and leaves no container.

const unavailable = dockerUnavailableReason();
const BROKEN = 'banking-api-conformance-broken:test';
const NEVER_READY = 'banking-api-conformance-never-ready:test';
const work = mkdtempSync(join(tmpdir(), 'bac-image-setup-'));

// The broken image's fatal line comes a moment after its first: stdout and stderr are two streams, and
// lines written to both at once reach the log in either order.
let release: (() => void) | undefined;
afterAll(() => release?.());

beforeAll(async () => {
  if (unavailable) return;
  release = await dockerTestSlot();
  const base = await localNodeBaseImage();
  await imageFromDockerfile(
    BROKEN,
    `FROM ${base}\nENTRYPOINT ["node", "-e", "console.log('starting'); setTimeout(() => { console.error('fatal: BROKEN_TARGET_CONFIG is not set'); process.exit(3); }, 300)"]\n`,
  );
  await imageFromDockerfile(
    NEVER_READY,
    `FROM ${base}\nENTRYPOINT ["node", "-e", "console.log('up, never listening'); setInterval(() => {}, 1000)"]\n`,
  );
}, 300_000);

test('an image that exits at once: exit 2, one line with the image and its last log line, no container left', async (ctx) => {
  ctx.skip(unavailable !== undefined, unavailable);
  const run = await runCli(['run', '--target-image', BROKEN, '--report-dir', join(work, 'broken')]);
  expect(run.code, run.stdout + run.stderr).toBe(2);
  const lines = run.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(
    new RegExp(`target image ${BROKEN} exited with code 3 before it was ready; last log line: fatal: BROKEN_TARGET_CONFIG is not set$`),
  );
  expect(await leftoverTargetContainers({ image: BROKEN })).toEqual([]);
});

test("an image that never gets ready within the manifest's start-up timeout: exit 2, no container left", async (ctx) => {
  ctx.skip(unavailable !== undefined, unavailable);
  const manifest = join(work, 'never-ready.json');
  writeFileSync(
    manifest,
    JSON.stringify({
      name: 'never ready',
      environment: 'sandbox',
      capabilities: ['core', 'tokenMinting'],
      container: { image: NEVER_READY, healthPath: '/_emulator/health', startupTimeoutMs: 2_000 },
    }),
  );
  const run = await runCli(['run', '--target', manifest, '--report-dir', join(work, 'never-ready')]);
  expect(run.code, run.stdout + run.stderr).toBe(2);
  expect(run.stderr.trim()).toMatch(
    new RegExp(
      `target image ${NEVER_READY} not ready within 2000 ms \\(waiting for GET http://127\\.0\\.0\\.1:\\d+/_emulator/health answering 2xx; last probe: .+\\); last log line: up, never listening$`,
    ),
  );
  expect(await leftoverTargetContainers({ image: NEVER_READY })).toEqual([]);
});
