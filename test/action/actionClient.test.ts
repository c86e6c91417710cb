import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { type ActionRun, runCompositeAction } from './compositeAction.ts';

// The action's client mode (issue 42), run here without GitHub with the inputs of
// docs/ci/client-ci.yml's step as printed: `client-command` runs the integrator's client
// through `client -- bash -c COMMAND` in the workspace, here the reference client copied to
// where the example's command looks for it, as a repository would hold its own. It passes
// CONFORMANT with the outputs and the step summary a run gives, `args` reaching `client`;
// with wait-for-target and no manifest (a target to wait for, but none) it stops before running
// anything, exit 2, its one-line reason the annotation. With a manifest, the client is judged after
// the run against that target: test/action/actionSandboxAndClient.test.ts.

const EXAMPLE = 'docs/ci/client-ci.yml';
const workflow = parse(readFileSync(join(PROJECT_ROOT, EXAMPLE), 'utf8')) as {
  jobs: Record<string, { steps: Array<{ id?: string; with?: Record<string, string> }> }>;
};
const given = Object.values(workflow.jobs)
  .flatMap((job) => job.steps)
  .find((step) => step.id === 'conformance')?.with as Record<string, string>;
/** Where the example's command runs its client: `node PATH`. */
const clientPath = /^node (\S+)$/.exec(given['client-command'] ?? '')?.[1] as string;
const workspaces: string[] = [];
let judged: ActionRun;
let refused: ActionRun;

function workspaceWithClient(): string {
  const workspace = mkdtempSync(join(tmpdir(), 'bac-action-client-'));
  workspaces.push(workspace);
  mkdirSync(dirname(join(workspace, clientPath)), { recursive: true });
  copyFileSync(join(PROJECT_ROOT, 'examples/reference-client/index.mjs'), join(workspace, clientPath));
  return workspace;
}

beforeAll(async () => {
  judged = await runCompositeAction(PROJECT_ROOT, given, workspaceWithClient(), { env: { NO_COLOR: '1' } });
  refused = await runCompositeAction(PROJECT_ROOT, { ...given, 'wait-for-target': '30' }, workspaceWithClient(), {
    env: { NO_COLOR: '1' },
  });
}, 300_000);
afterAll(() => workspaces.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

test(`${EXAMPLE} gives a client command and the reports' folder`, () => {
  expect(clientPath).toBeDefined();
  expect(given['report-dir']).toBeTruthy();
});

test('client-command: the client is judged CONFORMANT, with the outputs and the step summary of a run', () => {
  expect(judged.failed, judged.stdout.slice(-2000)).toBe(false);
  expect(judged.outputs).toMatchObject({ verdict: 'conformant', 'exit-code': '0', fail: '0', untestable: '0' });
  expect(Number(judged.outputs.pass)).toBeGreaterThan(0);
  const dir = join(workspaces[0] as string, given['report-dir'] as string);
  expect(judged.outputs).toMatchObject({ 'report-dir': dir, results: join(dir, 'results.json'), summary: join(dir, 'summary.md') });
  // Read as JSON: which fields results.json holds is not under test here.
  const results = JSON.parse(readFileSync(judged.outputs.results as string, 'utf8')) as { command: string; replayArguments: string[] };
  expect([results.command, results.replayArguments]).toEqual(['client', ['--', 'bash', '-c', given['client-command']]]);
  expect(judged.summary).toMatch(/^## Banking API conformance: CONFORMANT/);
  expect(judged.summary).toBe(readFileSync(join(dir, 'summary.md'), 'utf8'));
  expect(judged.stdout).not.toMatch(/^::(error|warning)/m);
});

test("args reach client: the example's --reporter writes junit.xml and no allure-results/", () => {
  expect(given.args).toContain('--reporter=junit,html,summary');
  const dir = judged.outputs['report-dir'] as string;
  expect([existsSync(join(dir, 'junit.xml')), existsSync(join(dir, 'allure-results'))]).toEqual([true, false]);
});

test('client-command with wait-for-target and no manifest: no suite run, exit 2, the reason as the annotation and in the summary', () => {
  expect(refused.failed).toBe(true);
  expect(refused.outputs).toMatchObject({ verdict: 'error', 'exit-code': '2', results: '' });
  const reason = 'the input wait-for-target goes with manifest';
  expect(refused.stdout).toMatch(new RegExp(`^::error .*${reason}`, 'm'));
  expect(refused.summary).toContain(reason);
  expect(existsSync(join(workspaces[1] as string, given['report-dir'] as string))).toBe(false);
});
