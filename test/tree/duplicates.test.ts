import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';

// The tree does not write the same logic twice. `duplicates` lists pairs of places
// sharing six or more lines; a row fails this test when it is letter-for-letter the
// same (any length), or the same shape over SHAPE_LINES lines or more, unless both of
// its places match an entry of allowedDuplicates.yaml, which says why the repeat stays.
// Shorter same-shape rows and rows the tool marks boilerplate are places to look,
// not defects. The command is on the developers' and CI's machines; elsewhere this
// test is skipped saying so, and under CI=true it is required.

const COMMAND = process.env.DUPLICATES_COMMAND ?? '/usr/local/bin/duplicates';
const SHAPE_LINES = 10;
const ROW = /^(D\d+) (\S+):(\d+)-(\d+) ~ (\S+):(\d+)-(\d+)(.*)$/;

interface Row {
  text: string;
  places: [string, string];
  lines: number;
  shape: boolean;
  boilerplate: boolean;
}
interface Allowed {
  places: [string, string];
  reason: string;
}

function rowOf(line: string): Row | undefined {
  const match = ROW.exec(line);
  if (!match) return undefined;
  const [, , fileA, startA, endA, fileB, startB, endB, flags] = match;
  const lines = Math.min(Number(endA) - Number(startA), Number(endB) - Number(startB)) + 1;
  return { text: line, places: [fileA!, fileB!], lines, shape: /\bshape\b/.test(flags!), boilerplate: /\bboilerplate\b/.test(flags!) };
}

const pattern = (glob: string): RegExp =>
  new RegExp(
    `^${glob
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );

function allowedBy(row: Row, entries: readonly Allowed[]): Allowed | undefined {
  const [a, b] = row.places;
  return entries.find(
    ({ places: [first, second] }) =>
      (pattern(first).test(a) && pattern(second).test(b)) || (pattern(first).test(b) && pattern(second).test(a)),
  );
}

const unaccepted = (row: Row, entries: readonly Allowed[]): boolean =>
  !row.boilerplate && (!row.shape || row.lines >= SHAPE_LINES) && allowedBy(row, entries) === undefined;

const installed = existsSync(COMMAND);
const required = process.env.CI === 'true';

test('the rule reads rows as the tool prints them and fails what it should', () => {
  const entries: Allowed[] = [{ places: ['emulator/*/faults.ts', 'emulator/*/faults.ts'], reason: 'data' }];
  const rows = [
    'D1 emulator/a/faults.ts:1-20 ~ emulator/b/faults.ts:3-22 shape (+2 more runs)',
    'D2 harness/x.ts:1-6 ~ run/y.ts:4-9',
    'D3 harness/x.ts:1-12 ~ run/y.ts:4-15 shape',
    'D4 harness/x.ts:1-8 ~ run/y.ts:4-11 shape',
    'D5 harness/x.ts:1-30 ~ run/y.ts:4-33 shape boilerplate',
  ].map((line) => rowOf(line)!);
  expect(rows.map((row) => unaccepted(row, entries))).toEqual([false, true, true, false, false]);
});

const absent = installed ? '' : ` (${COMMAND} is not installed here: skipped, but required under CI=true)`;

// The tool reads the tree in about a second; its own limit and the test's are far above that.
test.skipIf(!installed && !required)(`no repeat in the tree beyond allowedDuplicates.yaml${absent}`, { timeout: 120_000 }, () => {
  expect(installed, `${COMMAND} is required under CI=true`).toBe(true);
  const entries = (parse(readFileSync(new URL('./allowedDuplicates.yaml', import.meta.url), 'utf8')) as { allowed: Allowed[] }).allowed;
  expect(entries.every((entry) => entry.places.length === 2 && entry.reason.trim().length > 0)).toBe(true);
  const output = execFileSync(COMMAND, ['--repo', PROJECT_ROOT, '--most', '200', '--seconds', '90'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  const lines = output.split('\n');
  // Rows cut off or files not read would let a repeat through unseen.
  expect(lines.filter((line) => /^incomplete:|^\(\+\d+ more pairs\)/.test(line))).toEqual([]);
  const failing = lines
    .map(rowOf)
    .filter((row): row is Row => row !== undefined && unaccepted(row, entries))
    .map((row) => row.text);
  expect(failing).toEqual([]);
});
