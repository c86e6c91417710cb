import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from './cliProcess.ts';

// A usage error exits 2 (1 means non-conformant) with a message naming what is
// wrong, before any scenario runs, and never with a stack trace.

const scratch = mkdtempSync(join(tmpdir(), 'bac-usage-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const noStackTrace = (stderr: string) => expect(stderr).not.toMatch(/^\s+at /m);

describe('usage errors exit 2', () => {
  test('an unknown flag', async () => {
    const result = await runCli(['run', '--no-such-flag']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown option '--no-such-flag'/);
    noStackTrace(result.stderr);
  });

  test('an unknown command', async () => {
    const result = await runCli(['conform']);
    expect(result.code).toBe(2);
    noStackTrace(result.stderr);
  });

  test('--base-url that is not a URL', async () => {
    const result = await runCli(['run', '--base-url', 'not-a-url']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--base-url.*must be an http\(s\) URL/);
    noStackTrace(result.stderr);
  });

  test('an empty --only, which must not mean "every area"', async () => {
    const result = await runCli(['run', '--only', '']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--only needs at least one area/);
    expect(result.stdout).not.toMatch(/Started the embedded reference emulator/);
  });

  test('a --baseline file that does not exist, noticed before the run', async () => {
    const result = await runCli(['run', '--baseline', join(scratch, 'missing.yaml')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--baseline .*missing\.yaml cannot be read \(ENOENT\)/);
    expect(result.stdout).not.toMatch(/Started the embedded reference emulator/);
  });

  test('a --report-dir that cannot be written', async () => {
    const blocker = join(scratch, 'a-file');
    writeFileSync(blocker, 'not a directory');
    const result = await runCli(['run', '--report-dir', join(blocker, 'reports')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--report-dir .* cannot be written \(ENOTDIR\)/);
    noStackTrace(result.stderr);
  });

  test('a --report-dir without write permission', async (context) => {
    if (process.getuid?.() === 0) context.skip('root writes through any permission bits');
    const readOnly = join(scratch, 'read-only');
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o500);
    const result = await runCli(['run', '--report-dir', readOnly]);
    chmodSync(readOnly, 0o700);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--report-dir .* cannot be written \(EACCES\)/);
  });

  test('--help and --version still exit 0', async () => {
    expect((await runCli(['--help'])).code).toBe(0);
    expect((await runCli(['run', '--help'])).code).toBe(0);
    const version = await runCli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('a usage error is one line', () => {
  test('a misspelt flag: what is wrong, the closest spelling and where the rest is, never the whole help', async () => {
    const result = await runCli(['run', '--onyl', 'auth']);
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      "banking-api-conformance: unknown option '--onyl' (did you mean --only?); --help lists all",
    ]);
    expect(result.stdout).toBe('');
  });

  test('an unknown command', async () => {
    const result = await runCli(['lst']);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/unknown command 'lst'.*did you mean list\?.*--help lists all/);
  });
});
