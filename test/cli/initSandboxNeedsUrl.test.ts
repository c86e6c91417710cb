import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runCli } from './cliProcess.ts';

// `init --kind sandbox` without a terminal to ask on and without --base-url refuses in one line,
// exit 2, naming --base-url: a default URL would be a guess, and the run it printed next would fail
// on it (ECONNREFUSED). Nothing is written.

const dir = mkdtempSync(join(tmpdir(), 'bac-init-sandbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.each([
  ['no terminal', ['init', '--kind', 'sandbox']],
  ['--yes', ['init', '--kind', 'sandbox', '--yes']],
  ['a flag that describes a sandbox, no --kind', ['init', '--name', 'my sandbox']],
])(
  '%s, no --base-url: one line naming --base-url, exit 2, no manifest',
  async (_name, args) => {
    const output = join(dir, `${args.length}.json`);
    const init = await runCli([...args, '--output', output]);
    expect(init.code, init.stdout + init.stderr).toBe(2);
    expect(init.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^banking-api-conformance: init --kind sandbox: .*--base-url/)]);
    expect(init.stdout).toBe('');
    expect(existsSync(output)).toBe(false);
  },
  60_000,
);
