import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { inTerminal, SCRIPT, screenRows } from './terminalScreen.ts';

// A passing `run` as a person sees it on a terminal of 120 columns and 60 rows (a pseudo-terminal of
// util-linux `script`): when it ends, the screen holds everything it printed (a long line counted as
// the rows it wraps to), the verdict among it, and no PASS requirement (those come with --verbose).

const COLUMNS = 120;
const ROWS = 60;
const scratch = mkdtempSync(join(tmpdir(), 'bac-screen-'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test.skipIf(!existsSync(SCRIPT))(
  'a passing run ends on a screen of 120 columns holding all it printed, the verdict included, in at most 60 rows (skipped without util-linux script)',
  async () => {
    const run = inTerminal(['run', '--report-dir', join(scratch, 'reports')], COLUMNS, ROWS);
    const code = await run.exited;
    expect(code, run.output()).toBe(0);
    const rows = screenRows(run.output(), COLUMNS);
    expect(rows.length, rows.join('\n')).toBeLessThanOrEqual(ROWS);
    expect(
      rows.find((row) => row.startsWith('Verdict: CONFORMANT')),
      rows.join('\n'),
    ).toBeDefined();
    // Nothing but the verdict, what is not PASS and the counts: no PASS line, no requirement table.
    expect(rows.filter((row) => /^ {2}PASS /.test(row))).toEqual([]);
    expect(rows.find((row) => row.startsWith('Outcomes: '))).toMatch(/^Outcomes: \d+ PASS, 0 FAIL, /);
  },
  300_000,
);
