import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parse } from 'yaml';
import { readResults } from '../../verdict/resultsFile.ts';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { startVendorLikeEmulator, type VendorLikeEmulator } from '../support/vendorLikeEmulator.ts';
import { type ActionRun, runCompositeAction } from './compositeAction.ts';

// The action with client-command and manifest (issue 52, item 4), run here without GitHub with the
// inputs of docs/ci/sandbox-and-client-ci.yml's step as printed, but `args`: the sandbox is an
// emulator of this test in its vendor-like profile (without latency or its own 429s) that the
// example's manifest points at, and `run` is narrowed to one scenario, since the action's handling
// is under test here, not the whole suite. Its client command finds the reference client where it
// looks, then the seeded faulty client whose writes say application/json. The step runs `run --target`, then the client
// through `client --target` against the same target, each with its own reports, outputs and summary;
// the client's NON-CONFORMANT verdict reaches its outputs, its annotations and the step's failure.

const EXAMPLE = 'docs/ci/sandbox-and-client-ci.yml';
const workflow = parse(readFileSync(join(PROJECT_ROOT, EXAMPLE), 'utf8')) as {
  jobs: Record<string, { steps: Array<{ id?: string; with?: Record<string, string> }> }>;
};
const printed = Object.values(workflow.jobs)
  .flatMap((job) => job.steps)
  .find((step) => step.id === 'conformance')?.with as Record<string, string>;
const given: Record<string, string> = { ...printed, args: '--requirement=AU-SCOPE-REQUIRED\n--grep=positivePay.list: A token\n--seed=7\n' };
/** Where the example's command runs its client: `node PATH`. */
const clientPath = /^node (\S+)$/.exec(given['client-command'] ?? '')?.[1] as string;
/** The seeded faulty client whose writes say application/json, run by the example's command. */
const PLAIN_JSON_CLIENT = [
  `process.argv[2] = 'application-json';`,
  `await import(${JSON.stringify(pathToFileURL(join(PROJECT_ROOT, 'test/client/faultyClients/seededClient.mjs')).href)});`,
].join('\n');

let sandbox: VendorLikeEmulator;
const workspaces: string[] = [];
let conformant: ActionRun;
let plainJson: ActionRun;

/** A workspace holding the example's manifest, pointed at this test's sandbox, and a client where its command looks. */
function workspaceWith(writeClient: (path: string) => void): string {
  const workspace = mkdtempSync(join(tmpdir(), 'bac-action-sandbox-client-'));
  workspaces.push(workspace);
  const manifest = JSON.parse(readFileSync(sandbox.manifestPath, 'utf8')) as Record<string, unknown>;
  mkdirSync(join(workspace, given.manifest as string, '..'), { recursive: true });
  writeFileSync(join(workspace, given.manifest as string), JSON.stringify({ ...manifest, $schema: undefined, baseUrl: sandbox.url }));
  mkdirSync(join(workspace, clientPath, '..'), { recursive: true });
  writeClient(join(workspace, clientPath));
  return workspace;
}

const runAction = (inputs: Record<string, string>, workspace: string): Promise<ActionRun> =>
  runCompositeAction(PROJECT_ROOT, inputs, workspace, { env: { ...sandbox.env, NO_COLOR: '1' } });

beforeAll(async () => {
  sandbox = await startVendorLikeEmulator({ latency: undefined, rateLimit: undefined });
  conformant = await runAction(
    given,
    workspaceWith((path) => copyFileSync(join(PROJECT_ROOT, 'examples/reference-client/index.mjs'), path)),
  );
  plainJson = await runAction(
    given,
    workspaceWith((path) => writeFileSync(path, PLAIN_JSON_CLIENT)),
  );
}, 400_000);
afterAll(async () => {
  await sandbox?.emulator.close();
  workspaces.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

test(`${EXAMPLE} gives a manifest, a client command and two report folders`, () => {
  expect([given.manifest, clientPath, given['client-args']]).not.toContain(undefined);
  expect(given['report-dir']).not.toBe(given['client-report-dir']);
});

test('the sandbox and the client against it, both CONFORMANT: the step passes, each with its outputs and folder', () => {
  expect(conformant.failed, conformant.stdout.slice(-3000)).toBe(false);
  const workspace = workspaces[0] as string;
  const runDir = join(workspace, given['report-dir'] as string);
  const clientDir = join(workspace, given['client-report-dir'] as string);
  expect(conformant.outputs).toMatchObject({ verdict: 'conformant', 'exit-code': '0', 'report-dir': runDir });
  expect(conformant.outputs).toMatchObject({
    'client-verdict': 'conformant',
    'client-exit-code': '0',
    'client-report-dir': clientDir,
    'client-results': join(clientDir, 'results.json'),
    'client-summary': join(clientDir, 'summary.md'),
  });
  expect(JSON.parse(conformant.outputs['client-counts'] as string)).toMatchObject({ FAIL: 0 });
  const run = readResults(conformant.outputs.results as string);
  const client = readResults(conformant.outputs['client-results'] as string);
  expect([run.command, client.command]).toEqual(['run', 'client']);
  // Both judged the manifest's target: the client through the proxy in front of it.
  expect([run.target.baseUrl, client.target.baseUrl]).toEqual([sandbox.url, sandbox.url]);
  expect(client.replayArguments).toEqual(expect.arrayContaining(['--target', given.manifest, '--', 'bash', '-c', given['client-command']]));
  // client-args reached client alone: its --reporter wrote junit.xml and no allure-results/, run's wrote both.
  expect([existsSync(join(clientDir, 'junit.xml')), existsSync(join(clientDir, 'allure-results'))]).toEqual([true, false]);
  expect(existsSync(join(runDir, 'allure-results'))).toBe(true);
  // The step summary: the run's summary.md, then the client's.
  expect(conformant.summary).toBe(
    `${readFileSync(join(runDir, 'summary.md'), 'utf8')}${readFileSync(join(clientDir, 'summary.md'), 'utf8')}`,
  );
  expect(conformant.stdout).not.toMatch(/^::(error|warning)/m);
});

test("a client sending application/json: the sandbox's outputs stay CONFORMANT, the client's say NON-CONFORMANT, the step fails with 1", () => {
  expect(plainJson.failed).toBe(true);
  expect(plainJson.stepCodes).toMatchObject({ 'Run the conformance suite': 0, Verdict: 1 });
  expect(plainJson.outputs).toMatchObject({ verdict: 'conformant', 'exit-code': '0' });
  expect(plainJson.outputs).toMatchObject({ 'client-verdict': 'non-conformant', 'client-exit-code': '1' });
  const failing = readResults(plainJson.outputs['client-results'] as string).requirements.find((one) => one.id === 'CL-BODY-MEDIA-TYPE');
  expect(failing?.outcome).toBe('FAIL');
  expect(plainJson.stdout).toMatch(/^::error title=CL-BODY-MEDIA-TYPE FAIL::/m);
  expect(plainJson.summary).toContain('## Banking API conformance: NON-CONFORMANT');
});

test('report-dir and client-report-dir naming one folder: no suite run, exit 2, the reason as the annotation', async () => {
  const workspace = workspaceWith(() => undefined);
  const refused = await runAction({ ...given, 'client-report-dir': `./${given['report-dir']}/` }, workspace);
  expect(refused.failed).toBe(true);
  expect(refused.outputs).toMatchObject({ verdict: 'error', 'exit-code': '2', 'client-verdict': '' });
  expect(refused.stdout).toMatch(/^::error .*the inputs report-dir and client-report-dir name the same folder/m);
  expect(existsSync(join(workspace, given['report-dir'] as string))).toBe(false);
}, 120_000);
