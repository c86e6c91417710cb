import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parityOf } from '../../verdict/observationParity.ts';
import { runCli } from './cliProcess.ts';

// `compare --observed A B`: one row per OBSERVE requirement, the value on each
// target and same/different, as Markdown and parity.html; exit 0, 1 or 2.

const dir = () => mkdtempSync(join(tmpdir(), 'bac-parity-'));

/** A results document as far as compare reads it, with one OBSERVED check per value. */
function resultsFile(name: string, observations: Record<string, unknown[]>): string {
  const path = join(dir(), 'results.json');
  const requirements = Object.entries(observations).map(([id, values]) => ({
    id,
    level: 'OBSERVE',
    outcome: values.length > 0 ? 'OBSERVED' : 'SKIP',
    checks: values.map((observed) => ({ outcome: 'OBSERVED', observed, message: 'recorded' })),
  }));
  writeFileSync(path, JSON.stringify({ startedAt: '2026-11-27T06:00:00.000Z', suiteVersion: 'test', target: { name }, requirements }));
  return path;
}

describe('parity of two values', () => {
  test('ids and the numbers in names are set aside; measured times agree within a tolerance', () => {
    expect(
      parityOf(
        'PP-PRODUCT-RESPONSE',
        [{ status: 200, body: { id: '28', name: 'Checking product 28' } }],
        [{ status: 200, body: { id: '7', name: 'Checking product 7' } }],
      ),
    ).toBe('same');
    expect(parityOf('DL-BACKOFF-UNIT', [1.01], [1.05])).toBe('same');
    expect(parityOf('DL-BACKOFF-UNIT', [1.01], [60.2])).toBe('different');
    // One stall of the judging machine lengthens a 400 ms time-out by more than a quarter; 5 s against 30 s still differs.
    expect(parityOf('DL-DELIVERY-TIMEOUT', [402], [560])).toBe('same');
    expect(parityOf('DL-DELIVERY-TIMEOUT', [5004], [30010])).toBe('different');
    expect(parityOf('WH-INITIAL-STATUS', ['Enabled'], [])).toBe('not compared');
  });

  test('what the timing of a run decides varies by timing where the documents bound it alike, and differs where they do not', () => {
    expect(parityOf('DL-BATCH-SIZES', [[64, 64, 64, 40]], [[4, 64, 64, 64, 32]])).toBe('varies by timing');
    expect(parityOf('DL-BATCH-SIZES', [[64, 64, 64, 40]], [[100, 100, 32]])).toBe('different');
    expect(parityOf('DL-BATCH-SIZES', [[1]], [[1, 1]])).toBe('different');
    expect(parityOf('GN-TIMESTAMP-PRECISION', ['milliseconds', 'whole second'], ['milliseconds'])).toBe('varies by timing');
    expect(parityOf('GN-TIMESTAMP-PRECISION', ['whole second'], ['milliseconds'])).toBe('different');
    expect(parityOf('RC-ANSWER-TIME', [3, 12], [5])).toBe('varies by timing');
    expect(parityOf('WH-INITIAL-STATUS', ['Enabled'], ['Disabled'])).toBe('different');
  });
});

describe('compare --observed', () => {
  test('the same observations: a row per OBSERVE requirement, exit 0', async () => {
    const a = resultsFile('vendor sandbox', { 'WH-INITIAL-STATUS': ['Disabled'] });
    const b = resultsFile('calibrated emulator', { 'WH-INITIAL-STATUS': ['Disabled'] });
    const result = await runCli(['compare', '--observed', a, b]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/\| `WH-INITIAL-STATUS` \| `"Disabled"` \| `"Disabled"` \| same \|/);
    // Every OBSERVE requirement of the catalogue has its row, observed or not.
    expect(result.stdout).toMatch(/\| `DL-BACKOFF-UNIT` \| — \| — \| not compared \|/);
  });

  test('a difference: exit 1, and parity.md and parity.html in --report-dir', async () => {
    const a = resultsFile('vendor sandbox', { 'WH-INITIAL-STATUS': ['Disabled'], 'EV-LIST-ORDER': ['newest first'] });
    const b = resultsFile('emulator', { 'WH-INITIAL-STATUS': ['Enabled'], 'EV-LIST-ORDER': ['newest first'] });
    const out = dir();
    const result = await runCli(['compare', '--observed', a, b, '--report-dir', out]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/\| `WH-INITIAL-STATUS` \| `"Disabled"` \| `"Enabled"` \| different \|/);
    expect(readFileSync(join(out, 'parity.md'), 'utf8')).toMatch(/1 different/);
    const page = readFileSync(join(out, 'parity.html'), 'utf8');
    expect(page).toMatch(/<tr id="parity-WH-INITIAL-STATUS">.*&quot;Disabled&quot;.*&quot;Enabled&quot;.*different/);
    expect(page).toMatch(/<h1>1 observation\(s\) differ<\/h1>/);
  });

  test.each([
    [
      'a results.json that is not there',
      (a: string) => ['compare', '--observed', a, join(dir(), 'absent.json')],
      /^banking-api-conformance: --observed \S*absent\.json cannot be read \(ENOENT\)[^\n]*\n$/,
    ],
    ['one file only', (a: string) => ['compare', '--observed', a], /takes two results\.json files/],
  ])('%s: exit 2 with one line', async (_name, args, message) => {
    const result = await runCli(args(resultsFile('a', {})));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });
});
