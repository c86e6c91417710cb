import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { failingRequirements } from '../../report/summaryMarkdown.ts';
import { readResults } from '../../verdict/resultsFile.ts';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { type ActionRun, runCompositeAction } from './compositeAction.ts';

// The GitHub Action (action.yml) run here without GitHub, its step files pointing at
// temporary files: against the embedded emulator clean it passes with a CONFORMANT
// summary and no annotation; with a seeded fault it fails, and the summary, the outputs,
// one ::error per failing requirement and one ::warning per WARN name them. `args` holds
// one argument per line, so a --grep text with spaces arrives whole, in both spellings.

const FAULT = 'scope-not-checked-on-list';
// AU-SCOPE-403 (the status code) is a SHOULD: a WARN, which fails nothing.
const BROKEN = 'AU-SCOPE-REQUIRED';
const WARNED = 'AU-SCOPE-403';
// Only what the fault breaks is judged: the action's handling is under test here, not
// the 5 s answer time every call is also judged by (a busy machine can break that).
const CLEAN_ARGS = [`--requirement=${BROKEN}`, '--grep', 'positivePay.list: A token', '--seed=7'];
const FAULTED_ARGS = [`--requirement=${BROKEN},${WARNED}`, '--grep=.list: A token', '--seed=7', `--emulator-fault=${FAULT}`];
const workspaces: string[] = [];
let clean: ActionRun;
let faulted: ActionRun;

async function runAction(args: string): Promise<ActionRun> {
  const workspace = mkdtempSync(join(tmpdir(), 'bac-action-workspace-'));
  workspaces.push(workspace);
  return runCompositeAction(PROJECT_ROOT, { args, 'report-dir': 'out' }, workspace, { env: { NO_COLOR: '1' } });
}

// How a workflow writes it: a YAML block, indented, one argument per line, a blank line.
const block = (args: string[]): string => `  ${args.join('\n  ')}\n\n`;

beforeAll(async () => {
  clean = await runAction(block(CLEAN_ARGS));
  faulted = await runAction(block(FAULTED_ARGS));
}, 400_000);
afterAll(() => workspaces.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

test('clean: the step passes, outputs say conformant with the counts, the summary is summary.md, no annotation', () => {
  expect(clean.failed, clean.stdout.slice(-2000)).toBe(false);
  expect(clean.outputs).toMatchObject({ verdict: 'conformant', 'exit-code': '0', fail: '0', untestable: '0', pass: '1' });
  expect(JSON.parse(clean.outputs.counts as string)).toMatchObject({ FAIL: 0, PASS: 1 });
  expect(clean.summary).toMatch(/^## Banking API conformance: CONFORMANT \(partial: 1 of \d+ requirements\)/);
  expect(clean.summary).toBe(readFileSync(join(workspaces[0] as string, 'out/summary.md'), 'utf8'));
  expect(clean.stdout).not.toMatch(/^::(error|warning)/m);
});

test("a runner Node 20.19 or newer is used as it is, and the job's PATH and environment are left alone", () => {
  expect(clean.stdout).toContain(`The suite runs on the runner's Node ${process.version} (`);
  expect(clean.stdout).not.toContain('::notice');
  expect([clean.jobPath, clean.jobEnv]).toEqual([[], '']);
});

test('outputs name the report directory, results.json and summary.md by absolute path', () => {
  const dir = join(workspaces[0] as string, 'out');
  expect(clean.outputs).toMatchObject({ 'report-dir': dir, results: join(dir, 'results.json'), summary: join(dir, 'summary.md') });
  for (const file of [clean.outputs.results, clean.outputs.summary]) expect(existsSync(file as string)).toBe(true);
});

test('an argument with spaces arrives whole: --grep and its text on two lines, or --grep=text on one', () => {
  expect(readResults(clean.outputs.results as string).partial?.narrowedBy).toContain('--grep "positivePay.list: A token"');
  expect(readResults(clean.outputs.results as string).itemIds).toEqual(['auth/lacking-scope/positivePay.list']);
  expect(readResults(faulted.outputs.results as string).partial?.narrowedBy).toContain('--grep ".list: A token"');
  expect(clean.stdout + faulted.stdout).not.toContain('is passed as one argument');
});

test('faulted: the step fails exactly there, an ::error per failing requirement, a ::warning per WARN', () => {
  expect(faulted.failed).toBe(true);
  expect(faulted.stepCodes).toMatchObject({ 'Run the conformance suite': 0, 'Summary, outputs and annotations': 0, Verdict: 1 });
  expect(faulted.outputs).toMatchObject({ verdict: 'non-conformant', 'exit-code': '1', fail: '1', warn: '1' });
  const results = readResults(faulted.outputs.results as string);
  expect(failingRequirements(results).map((result) => result.id)).toEqual([BROKEN]);
  const commands = faulted.stdout.split('\n').filter((line) => /^::(error|warning) /.test(line));
  expect(commands.map((line) => /^::(error|warning) title=([A-Z0-9-]+ [A-Z]+)::/.exec(line)?.slice(1, 3).join(' '))).toEqual([
    `error ${BROKEN} FAIL`,
    `warning ${WARNED} WARN`,
  ]);
  expect(commands[1]).toContain(`${WARNED} (SHOULD): `);
  expect(faulted.summary).toContain('## Banking API conformance: NON-CONFORMANT');
  expect(faulted.summary).toMatch(new RegExp(`- \\*\\*${BROKEN}\\*\\* FAIL`));
  expect(faulted.summary).toContain(`--emulator-fault ${FAULT}`);
  expect(faulted.summary).not.toContain('**Annotations:**');
});

test('a setup error: no verdict, exit code 2, its annotation and the summary carry the suite`s one-line reason', async () => {
  const broken = await runAction('--only=no-such-area');
  expect(broken.failed).toBe(true);
  expect(broken.outputs).toMatchObject({ verdict: 'error', 'exit-code': '2', results: '', summary: '' });
  const reason = 'banking-api-conformance: --only: unknown area no-such-area; areas are ';
  expect(broken.stdout).toContain(`::error title=banking-api-conformance%3A no verdict (exit 2)::${reason}`);
  expect(broken.summary).toContain('no verdict (exit 2)');
  expect(broken.summary).toContain(`> ${reason}`);
}, 120_000);

test('a line relying on the old whitespace split is passed whole, with a warning saying how to write it', async () => {
  const old = await runAction('--only auth,webhooks');
  expect(old.outputs['exit-code']).toBe('2');
  expect(old.stdout).toContain(
    "::warning title=banking-api-conformance args::'--only auth,webhooks' is passed as one argument (args takes one per line): write --only=VALUE",
  );
  expect(old.stdout).toMatch(/::error title=[^:]+::banking-api-conformance: unknown option '--only auth,webhooks'/);
}, 120_000);
