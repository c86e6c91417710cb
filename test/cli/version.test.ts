import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PROJECT_ROOT, runCli } from './cliProcess.ts';

// `--version` prints the suite version that every report carries.

test('--version prints the version of package.json', async () => {
  const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
  const result = await runCli(['--version']);
  expect(result.code).toBe(0);
  expect(result.stdout.trim()).toBe(version);
});
