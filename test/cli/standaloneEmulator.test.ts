import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { PROJECT_ROOT, runCli } from './cliProcess.ts';

// The whole suite passes against an emulator started on its own with
// `npm run emulator` and targeted with --base-url, as anyone's setup would do.

let emulator: ChildProcess | undefined;
afterAll(() => {
  emulator?.kill('SIGTERM');
});

function startStandaloneEmulator(): Promise<string> {
  return new Promise((resolve, reject) => {
    emulator = spawn(process.execPath, [`${PROJECT_ROOT}/bin/banking-api-emulator.mjs`, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    emulator.stdout?.on('data', (chunk) => {
      output += chunk;
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url) resolve(url);
    });
    emulator.on('exit', (code) => reject(new Error(`the emulator exited with ${code} before listening: ${output}`)));
  });
}

test('the suite passes against a standalone emulator targeted with --base-url', async () => {
  const url = await startStandaloneEmulator();
  const reportDir = mkdtempSync(join(tmpdir(), 'bac-standalone-'));
  const result = await runCli(['run', '--base-url', url, '--seed', '3', '--report-dir', reportDir]);
  expect(result.code, result.stdout.slice(-3000) + result.stderr).toBe(0);
  const results = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8'));
  expect(results.target.baseUrl).toBe(url);
  expect(results.verdict).toBe('conformant');
  expect(results.counts.FAIL + results.counts.UNTESTABLE + results.counts.WARN).toBe(0);
  // Tokens never appear in a report: the emulator mints tokens as emu_ + 32 characters.
  const allure = readdirSync(join(reportDir, 'allure-results')).map((name) => `allure-results/${name}`);
  for (const file of ['results.json', 'junit.xml', 'report.html', ...allure]) {
    expect(readFileSync(join(reportDir, file), 'utf8'), file).not.toMatch(/emu_[A-Za-z0-9_-]{20,}/);
  }
  expect(result.stdout + result.stderr).not.toMatch(/emu_[A-Za-z0-9_-]{20,}/);
}, 240_000);
