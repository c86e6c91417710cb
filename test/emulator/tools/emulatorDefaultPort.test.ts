import { expect, test } from 'vitest';
import { HELP, readCommandLine } from '../../../emulator/startup/commandLine.ts';
import { DEFAULT_EMULATOR_PORT, DEFAULT_EMULATOR_URL } from '../../../emulator/tools/emulatorConnection.ts';
import { emulatorUrl } from '../../../emulator/tools/toolArguments.ts';

// One default port: the emulator listens where `trigger` and `deliveries` look
// for it unless told otherwise, and the help says so.

test('the emulator listens by default where its subcommands look for it', () => {
  const command = readCommandLine([], {});
  if (command.action !== 'start') throw new Error(`expected a start, got ${command.action}`);
  expect(command.options.port).toBe(DEFAULT_EMULATOR_PORT);
  expect(new URL(DEFAULT_EMULATOR_URL).port).toBe(String(DEFAULT_EMULATOR_PORT));
  expect(HELP).toContain(`--port N                  port to listen on (default ${DEFAULT_EMULATOR_PORT}; 0: a free port`);
  expect(HELP).toContain(`--url, default ${DEFAULT_EMULATOR_URL}`);
  expect(emulatorUrl(undefined, {})).toBe(DEFAULT_EMULATOR_URL);
});
