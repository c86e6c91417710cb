import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { failingRequirements } from '../../report/summaryMarkdown.ts';
import { readResults } from '../../run/resultsFile.ts';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { type ActionRun, runCompositeAction } from './compositeAction.ts';

// The GitHub Action (action.yml) run here without GitHub, its step files pointing at
// temporary files: against the embedded emulator clean it passes with a CONFORMANT
// summary and no annotation; with a seeded fault it fails, and the summary, the
// outputs and one ::error per failing requirement name that requirement.

const FAULT = 'scope-not-checked-on-list';
// AU-SCOPE-403 (the status code) is a SHOULD: a WARN, which fails nothing.
const BROKEN = ['AU-SCOPE-REQUIRED'];
const workspaces: string[] = [];
let clean: ActionRun;
let faulted: ActionRun;

async function runAction(args: string): Promise<ActionRun> {
  const workspace = mkdtempSync(join(tmpdir(), 'bac-action-workspace-'));
  workspaces.push(workspace);
  return runCompositeAction(PROJECT_ROOT, { args, 'report-dir': 'out' }, workspace, { NO_COLOR: '1' });
}

beforeAll(async () => {
  // Only what the fault breaks is judged: the action's handling is under test here, not
  // the 5 s answer time every call is also judged by (a busy machine can break that).
  clean = await runAction(`--requirement ${BROKEN.join(',')} --seed 7`);
  faulted = await runAction(`--requirement ${BROKEN.join(',')} --seed 7 --emulator-fault ${FAULT}`);
}, 400_000);
afterAll(() => workspaces.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

test('clean: the step passes, outputs say conformant with the counts, the summary is summary.md, no annotation', () => {
  expect(clean.failed, clean.stdout.slice(-2000)).toBe(false);
  expect(clean.outputs).toMatchObject({ verdict: 'conformant', 'exit-code': '0', fail: '0', untestable: '0' });
  expect(Number(clean.outputs.pass)).toBeGreaterThanOrEqual(BROKEN.length);
  expect(JSON.parse(clean.outputs.counts as string)).toMatchObject({ FAIL: 0, PASS: Number(clean.outputs.pass) });
  expect(clean.summary).toMatch(/^## Banking API conformance: CONFORMANT \(partial: \d+ of \d+ requirements\)/);
  expect(clean.summary).toBe(readFileSync(join(workspaces[0] as string, 'out/summary.md'), 'utf8'));
  expect(clean.stdout).not.toContain('::error');
});

test('faulted: the step fails exactly there, with the exit code, the verdict and an ::error per failing requirement', () => {
  expect(faulted.failed).toBe(true);
  expect(faulted.stepCodes).toMatchObject({ 'Run the conformance suite': 0, 'Summary, outputs and annotations': 0, Verdict: 1 });
  expect(faulted.outputs).toMatchObject({ verdict: 'non-conformant', 'exit-code': '1' });
  const results = readResults(join(workspaces[1] as string, 'out'));
  expect(faulted.outputs.fail).toBe(String(results.counts.FAIL));
  const failing = failingRequirements(results)
    .map((result) => result.id)
    .sort();
  expect(failing).toEqual(expect.arrayContaining(BROKEN));
  const errors = faulted.stdout.split('\n').filter((line) => line.startsWith('::error'));
  expect(errors.map((line) => /^::error title=([A-Z0-9-]+) (FAIL|UNTESTABLE)::/.exec(line)?.[1]).sort()).toEqual(failing);
  expect(faulted.summary).toContain('## Banking API conformance: NON-CONFORMANT');
  for (const id of failing) expect(faulted.summary).toMatch(new RegExp(`- \\*\\*${id}\\*\\* (FAIL|UNTESTABLE)`));
  expect(faulted.summary).toContain(`--emulator-fault ${FAULT}`);
});

test('a usage error: no verdict, exit code 2, one annotation saying so', async () => {
  const broken = await runAction('--only no-such-area');
  expect(broken.failed).toBe(true);
  expect(broken.outputs).toMatchObject({ verdict: 'error', 'exit-code': '2' });
  expect(broken.summary).toContain('no verdict (exit 2)');
  expect(broken.stdout).toContain('::error title=banking-api-conformance::the suite exited 2 before judging');
}, 120_000);
