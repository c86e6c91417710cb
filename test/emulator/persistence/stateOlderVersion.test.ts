import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { FORMAT_VERSION } from '../../../emulator/persistence/stateFormat.ts';
import { runEmulatorProcess } from '../emulatorProcess.ts';

// A state directory written in a format this emulator cannot read (an older
// version it has no migration from, a newer one, something else) is refused
// whole: exit 2, a message naming the file and its version, and the file left
// exactly as it was (never half-read, never overwritten).

let directory = '';
afterEach(() => rmSync(directory, { recursive: true, force: true }));

const saved = (formatVersion: unknown) =>
  JSON.stringify({ formatVersion, savedAt: '2026-01-01T00:00:00.000Z', parts: {}, events: { count: 0, bytes: 0 } });

test.each([
  ['an older version with no migration', saved(0), /has formatVersion 0, which this emulator \(formatVersion \d+\) cannot migrate/],
  ['a newer version', saved(FORMAT_VERSION + 1), new RegExp(`has formatVersion ${FORMAT_VERSION + 1}, written by a newer emulator`)],
  ['no version at all', JSON.stringify({ parts: {} }), /has no formatVersion/],
  ['a file that is not JSON', '{"formatVersion": 1, "parts": {', /is not JSON/],
])('a state.json of %s is refused with exit 2 and left untouched', async (_case, text, message) => {
  directory = mkdtempSync(join(tmpdir(), 'emulator-state-'));
  const file = join(directory, 'state.json');
  writeFileSync(file, text);
  const result = await runEmulatorProcess(['--state', directory, '--port', '0']);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain(file);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).toMatch(/nothing was read/i);
  expect(readFileSync(file, 'utf8')).toBe(text);
});
