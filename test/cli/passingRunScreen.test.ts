import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { PROJECT_ROOT } from './cliProcess.ts';

// A passing `run` as a person sees it on a terminal of 120 columns and 60 rows (a pseudo-terminal of
// util-linux `script`): when it ends, the screen holds everything it printed (a long line counted as
// the rows it wraps to), the verdict among it, and no PASS requirement (those come with --verbose).

const SCRIPT = '/usr/bin/script';
const COLUMNS = 120;
const ROWS = 60;
const ESC = '\u001b';
const scratch = mkdtempSync(join(tmpdir(), 'bac-screen-'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What the bytes leave on a terminal COLUMNS wide: carriage returns, line clears and colours applied, long lines wrapped. */
function screenRows(output: string): string[] {
  const rows: string[] = [''];
  let column = 0;
  const text = output.replace(new RegExp(`${ESC}\\[[0-9;]*m`, 'g'), '');
  for (let index = 0; index < text.length; index += 1) {
    const clear = text.startsWith(`${ESC}[2K`, index);
    if (clear) {
      rows[rows.length - 1] = '';
      index += 3;
      continue;
    }
    const char = text[index]!;
    if (char === '\r') column = 0;
    else if (char === '\n') {
      rows.push('');
      column = 0;
    } else {
      if (column === COLUMNS) {
        rows.push('');
        column = 0;
      }
      const row = rows[rows.length - 1]!;
      rows[rows.length - 1] = `${row.slice(0, column).padEnd(column)}${char}${row.slice(column + 1)}`;
      column += 1;
    }
  }
  return rows.at(-1) === '' ? rows.slice(0, -1) : rows;
}

function runInTerminal(args: string[]): Promise<{ output: string; code: number | null }> {
  const command = [process.execPath, join(PROJECT_ROOT, 'bin/banking-api-conformance.mjs'), ...args].map((part) => `'${part}'`).join(' ');
  const { CI: _ci, NO_COLOR: _noColour, ...rest } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(SCRIPT, ['-qfec', `stty cols ${COLUMNS} rows ${ROWS} && ${command}`, '/dev/null'], {
      cwd: PROJECT_ROOT,
      env: rest,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ output, code }));
  });
}

test.skipIf(!existsSync(SCRIPT))(
  'a passing run ends on a screen of 120 columns holding all it printed, the verdict included, in at most 60 rows (skipped without util-linux script)',
  async () => {
    const { output, code } = await runInTerminal(['run', '--report-dir', join(scratch, 'reports')]);
    expect(code, output).toBe(0);
    const rows = screenRows(output);
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
