import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runCli } from '../../cli/cliProcess.ts';
import { type EmulatorProcess, startEmulatorProcess } from '../../emulator/emulatorProcess.ts';
import { commandToExit } from '../../support/childProcess.ts';
import { html } from '../../../report/html/htmlText.ts';
import { TOKEN_VARIABLE } from '../../../report/reproduction.ts';

// The curl commands a failing run prints work as printed once the run has ended:
// against an emulator started on its own with a seeded fault (so it outlives the
// run), the failures say once how to mint a token, and a shell that runs that line
// and then each curl line, character for character, gets the answer the failing
// exchange got: a list without its total. No token is exported beforehand, and
// none appears in what the run printed.

const FAULT = 'list-without-total';
const scratch = mkdtempSync(join(tmpdir(), 'bac-printed-curl-'));
let emulator: EmulatorProcess;

beforeAll(async () => {
  emulator = await startEmulatorProcess(['--fault', FAULT]);
}, 60_000);

afterAll(() => {
  emulator?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** The commands under the failures' token line and under each curl heading, as printed. */
function printedCommands(stdout: string): { mint: string; curls: Array<{ command: string; status: number }> } {
  const lines = stdout.split('\n');
  const note = lines.findIndex((line) => line.startsWith(`The curl commands below need a token in ${TOKEN_VARIABLE}`));
  const curls: Array<{ command: string; status: number }> = [];
  let status = 0;
  lines.forEach((line, index) => {
    const answered = /^\s+HTTP (\d{3}) /.exec(line);
    if (answered) status = Number(answered[1]);
    if (/^\s+curl \(with the token minted above\):$/.test(line)) curls.push({ command: lines[index + 1]!.trim(), status });
  });
  return { mint: note >= 0 ? (lines[note + 1] ?? '').trim() : '', curls };
}

test('the mint line and each curl line of a failing run, run as printed, get the failing answer again', async () => {
  const reportDir = join(scratch, 'reports');
  const run = await runCli([
    'run',
    '--base-url',
    emulator.url,
    '--requirement',
    'PP-LIST-SHAPE',
    '--seed',
    '11',
    '--report-dir',
    reportDir,
  ]);
  expect(run.code, run.stdout.slice(-3000) + run.stderr).toBe(1);
  const { mint, curls } = printedCommands(run.stdout);
  expect(mint).toMatch(new RegExp(`^export ${TOKEN_VARIABLE}="\\$\\(curl -s -X POST '${emulator.url}/_emulator/tokens' \\| node -p `));
  expect(curls.length).toBeGreaterThan(0);
  expect(run.stdout).not.toMatch(/emu_[A-Za-z0-9_-]{20,}/);
  expect(JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')).requestReplay).toEqual({
    mintTokenUrl: `${emulator.url}/_emulator/tokens`,
  });
  // report.html offers the same commands, each with its copy button.
  const page = readFileSync(join(reportDir, 'report.html'), 'utf8');
  for (const command of [mint, ...curls.map((curl) => curl.command)]) expect(page).toContain(`${html(command)}</pre><button`);

  for (const { command, status } of curls) {
    expect(command).toContain(`"authorization: Bearer $${TOKEN_VARIABLE}"`);
    // Nothing exported beforehand: the token is the one the printed line mints.
    const shell = await commandToExit('bash', ['-c', `set -e\nunset ${TOKEN_VARIABLE}\n${mint}\n${command}`], { cwd: scratch });
    expect(shell.code, shell.stderr).toBe(0);
    const [head = '', body = ''] = shell.stdout.split(/\r?\n\r?\n/);
    expect(head.split('\n')[0], command).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(status).toBe(200);
    const pagination = JSON.parse(body).meta.pagination;
    expect(pagination).toHaveProperty('limit');
    expect(pagination, `${FAULT} answers no total`).not.toHaveProperty('total');
  }
}, 180_000);
