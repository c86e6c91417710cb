import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PROJECT_ROOT } from '../../cli/cliProcess.ts';
import { levelWordsIn } from './checkMessageLevels.ts';

// Check messages carry context (what was expected, what was seen), not the level:
// the record takes its level from the requirement catalogue and the reports show it.
// The folders read: every one whose code records checks through a CheckRecorder
// (the scenarios, the harness, the receiver command's cases and judges).
const RECORDING_FOLDERS = ['suites', 'harness', 'receiver', 'client'];

const sourceFiles = (folder: string): string[] =>
  readdirSync(join(PROJECT_ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts'))
    .map((path) => join(folder, path));

describe('check messages', () => {
  test('no message recorded in suites/, harness/ or receiver/ states a level word', () => {
    const scans = RECORDING_FOLDERS.flatMap(sourceFiles).map((path) => ({
      path,
      ...levelWordsIn(readFileSync(join(PROJECT_ROOT, path), 'utf8'), path),
    }));
    // A parser or a folder gone wrong would pass by finding no call at all.
    expect(scans.reduce((sum, scan) => sum + scan.calls, 0)).toBeGreaterThan(200);
    const named = scans.flatMap(({ path, words }) => words.map(({ line, word, text }) => `${path}:${line}: ${word} in "${text}"`));
    expect(named).toEqual([]);
  });

  test('a message restating the level is named by its line, also through a const it names', () => {
    const sample = [
      "ctx.check.expect('PP-CREATE', ok, `a new rule MUST be Active; got ${status}`);",
      "const what = 'cancelling the rule should fire an event';",
      "ctx.check.fail('PP-CANCEL-EVENT', `${what}; none came`);",
      "this.recorder.expect(id, ok, ok ? 'answered in time' : 'MUST NOT take over 5 s');",
    ].join('\n');
    const scan = levelWordsIn(sample, 'sample.ts');
    expect(scan.calls).toBe(3);
    expect(scan.words.map(({ line, word }) => `${line} ${word}`)).toEqual(['1 MUST', '2 should', '4 MUST']);
  });

  test('ids, ordinary words and calls that record no check are not read as levels', () => {
    const sample = [
      "ctx.check.expect('AU-SCOPE-REQUIRED', ok, `AU-SCOPE-REQUIRED: expected 403; got ${status} (it may vary)`);",
      "ctx.check.skip('X', 'no optional member was required here');",
      "expect(message).toBe('MUST');",
      "throw new Error('the ceiling must be at least 1');",
      "ctx.check.observe('X', value, 'recorded', 'MUST');",
    ].join('\n');
    expect(levelWordsIn(sample, 'sample.ts')).toEqual({ calls: 3, words: [] });
  });
});
