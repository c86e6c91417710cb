import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runCli } from './cliProcess.ts';

// The lines a run prints before its progress name the embedded emulator's URL once.

const scratch = mkdtempSync(join(tmpdir(), 'bac-run-header-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('the run header states the target URL once', async () => {
  const run = await runCli(['run', '--requirement', 'PP-LIST-SHAPE', '--seed', '3', '--report-dir', scratch]);
  expect(run.code, run.stdout.slice(-2000) + run.stderr).toBe(0);
  const lines = run.stdout.split('\n');
  const header = lines.slice(
    0,
    lines.findIndex((line) => line.startsWith('[')),
  );
  const url = /at (http:\/\/127\.0\.0\.1:\d+);/.exec(header.join('\n'))?.[1];
  expect(url, header.join('\n')).toBeDefined();
  expect(header.filter((line) => line.includes(url!))).toHaveLength(1);
  expect(header[0]).toBe('Started the embedded reference emulator for this run');
}, 120_000);
