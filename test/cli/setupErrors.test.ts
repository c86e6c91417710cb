import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from './cliProcess.ts';

// A setup problem exits 2 with one line that says what to fix.

const scratch = mkdtempSync(join(tmpdir(), 'bac-cli-'));
const manifest = (name: string, content: unknown) => {
  const path = join(scratch, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
};
const errorLines = (stderr: string) => stderr.split('\n').filter((text) => text.trim() && !text.includes('nodedir'));

describe('setup errors', () => {
  test('an unreachable target exits 2 with one line naming the URL', async () => {
    const result = await runCli(['run', '--base-url', 'http://127.0.0.1:9']);
    expect(result.code).toBe(2);
    expect(errorLines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toContain('http://127.0.0.1:9');
  });

  test('a manifest with a bad field exits 2 naming the field', async () => {
    const path = manifest('bad.json', { name: 'x', baseUrl: 'http://127.0.0.1:9', environment: 'staging', capabilities: [] });
    const result = await runCli(['run', '--target', path]);
    expect(result.code).toBe(2);
    expect(errorLines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toMatch(/field environment/);
  });

  test('a missing token variable exits 2 naming the variable, never a token', async () => {
    const { startEmulator } = await import('../../emulator/emulator.ts');
    const emulator = await startEmulator();
    try {
      const path = manifest('tokens.json', {
        name: 'needs a token',
        baseUrl: emulator.url(),
        environment: 'sandbox',
        capabilities: ['core'],
        tokens: [{ env: 'BAC_TEST_TOKEN_THAT_IS_NOT_SET', scopes: ['payments'] }],
      });
      const result = await runCli(['run', '--target', path]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('BAC_TEST_TOKEN_THAT_IS_NOT_SET');
    } finally {
      await emulator.close();
    }
  });

  test('an unknown area exits 2 listing the areas', async () => {
    const result = await runCli(['run', '--only', 'payments']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown area payments/);
  });

  test('--help describes the run command', async () => {
    const result = await runCli(['run', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/--base-url/);
  });
});
