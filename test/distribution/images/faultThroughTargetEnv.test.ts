import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type CliResult, runCli } from '../../cli/cliProcess.ts';
import { dockerTestSlot, dockerUnavailableReason, emulatorImageForTests, leftoverTargetContainers } from './dockerForTests.ts';

// The same emulator image started with a seeded fault, passed as
// --target-env BANKING_EMULATOR_FAULTS=NAME, fails the requirement the fault
// breaks: a container target is judged like any other.

const unavailable = dockerUnavailableReason();
const reportDir = mkdtempSync(join(tmpdir(), 'bac-image-fault-'));
let run: CliResult;

let release: (() => void) | undefined;
afterAll(() => release?.());

beforeAll(async () => {
  if (unavailable) return;
  release = await dockerTestSlot();
  const image = await emulatorImageForTests();
  run = await runCli([
    'run',
    '--target-image',
    image.tag,
    '--target-env',
    'BANKING_EMULATOR_FAULTS=scope-not-checked-on-list',
    '--only',
    'auth',
    '--seed',
    '4',
    '--report-dir',
    reportDir,
  ]);
}, 300_000);

test('a fault switched on through --target-env gives the expected FAIL, and the container is removed', async (ctx) => {
  ctx.skip(unavailable !== undefined, unavailable);
  expect(run.code, run.stdout.slice(-3000) + run.stderr).toBe(1);
  const results = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8'));
  expect(results.verdict).toBe('non-conformant');
  const outcomeOf = (id: string) => results.requirements.find((result: { id: string }) => result.id === id)?.outcome;
  expect(outcomeOf('AU-SCOPE-REQUIRED')).toBe('FAIL');
  // The value may be a secret: only the name is recorded.
  expect(results.container.envNames).toContain('BANKING_EMULATOR_FAULTS');
  // The suite records no --target-env value; what the target prints of its own (the emulator's
  // banner names each active fault) is the container's log, kept as the target wrote it.
  const { logTail, ...container } = results.container;
  expect(JSON.stringify({ ...results, container })).not.toContain('scope-not-checked-on-list');
  expect(logTail.join('\n')).toContain('fault scope-not-checked-on-list active');
  expect(await leftoverTargetContainers({ id: results.container.containerId })).toEqual([]);
});
