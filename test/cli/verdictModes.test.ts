import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PROJECT_ROOT, runCli } from './cliProcess.ts';

// Baselines and certification, through the real CLI against the embedded emulator.

const reportDir = () => mkdtempSync(join(tmpdir(), 'bac-verdict-'));
const json = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const baseline = (name: string) => join(PROJECT_ROOT, 'fixtures/baselines', name);

describe('verdict modes', () => {
  test('a known failure listed in the baseline does not fail the run', async () => {
    const dir = reportDir();
    const result = await runCli([
      'run',
      '--only',
      'positive-pay',
      '--emulator-fault',
      'list-without-total',
      '--baseline',
      baseline('emulator-list-without-total.yaml'),
      '--report-dir',
      dir,
    ]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Known failure \(baseline\): PP-LIST-SHAPE/);
    expect(json(dir, 'results.json').baseline.known).toHaveLength(1);
  });

  test('a baseline entry that no longer fails makes the run fail as stale', async () => {
    const dir = reportDir();
    const result = await runCli(['run', '--only', 'positive-pay', '--baseline', baseline('stale.yaml'), '--report-dir', dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/STALE baseline entry: PP-LIST-SHAPE/);
  });

  test('--certify refuses a baseline', async () => {
    const result = await runCli(['run', '--certify', '--baseline', baseline('stale.yaml')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--certify runs the whole suite with no baseline/);
  });

  test('--certify against the clean emulator writes a passing certificate; with one fault a failing one naming the requirement', async () => {
    const [cleanDir, faultyDir] = [reportDir(), reportDir()];
    const [clean, faulty] = await Promise.all([
      runCli(['run', '--certify', '--seed', '11', '--report-dir', cleanDir]),
      runCli(['run', '--certify', '--seed', '11', '--emulator-fault', 'list-ignores-status-filter', '--report-dir', faultyDir]),
    ]);
    expect(clean.code, clean.stdout.slice(-3000)).toBe(0);
    const passing = json(cleanDir, 'certificate.json').predicate;
    expect(passing).toMatchObject({ certified: true, verdict: 'conformant', blocking: [] });
    expect(passing.suite.catalogueHash).toMatch(/^sha256:/);
    // No signing key: the Statement is still written, unsigned, and the run says so in one line.
    expect(clean.stdout.split('\n').filter((line) => line.startsWith('Not signed: '))).toHaveLength(1);
    expect(existsSync(join(cleanDir, 'certificate.intoto.jsonl'))).toBe(false);
    expect(faulty.code).toBe(1);
    const failing = json(faultyDir, 'certificate.json').predicate;
    expect(failing.certified).toBe(false);
    expect(failing.blocking.map((entry: { id: string }) => entry.id)).toContain('PP-LIST-FILTER-STATUS');
  }, 240_000);
});
