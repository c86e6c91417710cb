import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, test } from 'vitest';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { LISTS_EVENTS_ONCE, unbentClient } from './oneLineClient.ts';

// Issue 49, item 6: Ctrl-C during `client -- COMMAND` stops the command, judges what it recorded
// until then and writes the reports, as --wait does on Ctrl-C; the exit code is 130 (128 + SIGINT),
// whatever the verdict, so a script can tell the run was cut short. The test sends SIGINT to the
// command only once the client has said it made its call, and waits for nothing else.

const dir = mkdtempSync(join(tmpdir(), 'client-interrupted-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A client that makes one call, says so with its process id, and then runs until it is stopped. */
const CLIENT = [LISTS_EVENTS_ONCE, "console.log('called, pid ' + process.pid);", 'setInterval(() => {}, 60_000);'].join(' ');

test('Ctrl-C stops the command, judges what was recorded, writes the reports, exit 130', { timeout: 60_000 }, async () => {
  const child = spawn(process.execPath, [`${PROJECT_ROOT}/bin/banking-api-conformance.mjs`, ...unbentClient(dir, CLIENT)], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const lines: string[] = [];
  const clientPid = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      const said = /\| called, pid (\d+)$/.exec(line);
      if (said) resolve(Number(said[1]));
    });
    void exited.then((code) => reject(new Error(`client exited ${code} before its client called: ${stderr}`)));
  });
  child.kill('SIGINT');
  expect(await exited).toBe(130);
  expect(stderr).toBe('');
  // The client's command is stopped, not left running.
  expect(() => process.kill(clientPid, 0)).toThrow();
  expect(lines.join('\n')).toContain("Your client's command was stopped by Ctrl-C (SIGINT); it made 1 call");
  const document = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsDocument;
  expect(document.requirements.find((one) => one.id === 'CL-BEARER-EVERY-CALL')?.outcome).toBe('PASS');
  expect(document.clientExit).toEqual({ code: null, signal: 'SIGINT' });
  for (const report of ['report.html', 'junit.xml', 'summary.md']) expect(existsSync(join(dir, report)), report).toBe(true);
});
