import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { runEmulatorProcess } from './emulatorProcess.ts';

// `banking-api-emulator --version` (and -V) prints the package's version, as the suite's CLI does.

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

test.each([['--version'], ['-V']])('%s prints the version and exits 0', async (flag) => {
  const result = await runEmulatorProcess([flag]);
  expect(result.code).toBe(0);
  expect(result.stdout).toBe(`${version}\n`);
});
