import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from './cliProcess.ts';

// The CLI in a pseudo-terminal of util-linux `script`, a given number of columns and rows wide, and
// what its bytes leave on such a screen: for the tests of what a person sees at a terminal.

export const SCRIPT = '/usr/bin/script';
const ESC = '\u001b';
const COLOUR = new RegExp(`${ESC}\\[[0-9;]*m`, 'g');

export interface TerminalRun {
  child: ChildProcess;
  /** Everything written to the terminal so far. */
  output(): string;
  /** The exit code of the command, once it ends. */
  exited: Promise<number | null>;
}

/** banking-api-conformance with these arguments on a terminal of `columns` × `rows`, without CI or NO_COLOR. */
export function inTerminal(args: readonly string[], columns: number, rows: number): TerminalRun {
  const command = [process.execPath, join(PROJECT_ROOT, 'bin/banking-api-conformance.mjs'), ...args].map((part) => `'${part}'`).join(' ');
  const { CI: _ci, NO_COLOR: _noColour, ...rest } = process.env;
  const child = spawn(SCRIPT, ['-qfec', `stty cols ${columns} rows ${rows} && exec ${command}`, '/dev/null'], {
    cwd: PROJECT_ROOT,
    env: rest,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  });
  return { child, output: () => output, exited };
}

/** What the bytes leave on a terminal `columns` wide: carriage returns, line clears and colours applied, long lines wrapped. */
export function screenRows(output: string, columns: number): string[] {
  const rows: string[] = [''];
  let column = 0;
  const text = output.replace(COLOUR, '');
  for (let index = 0; index < text.length; index += 1) {
    if (text.startsWith(`${ESC}[2K`, index)) {
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
      if (column === columns) {
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
