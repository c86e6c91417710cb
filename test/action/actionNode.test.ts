import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { type ActionRun, runCompositeAction } from './compositeAction.ts';
import { nodeMirror } from './nodeMirror.ts';

// The action on a runner whose Node is too old (a `node` first on PATH that says
// v18.20.4): it downloads its own Node from the mirror (nodeMirror.ts), checks it, runs
// the suite on it to a verdict, and a step of the caller's job after it still gets
// v18.20.4, because nothing went to GITHUB_PATH or GITHUB_ENV.

const OLD_NODE = 'v18.20.4';
const scratch = mkdtempSync(join(tmpdir(), 'bac-action-node-'));
let run: ActionRun;
let mirror: ReturnType<typeof nodeMirror>;

beforeAll(async () => {
  mirror = nodeMirror(join(scratch, 'mirror'));
  const oldNode = join(scratch, 'old-node-bin');
  mkdirSync(oldNode);
  writeFileSync(join(oldNode, 'node'), `#!/bin/sh\necho ${OLD_NODE}\n`);
  chmodSync(join(oldNode, 'node'), 0o755);
  const workspace = join(scratch, 'workspace');
  mkdirSync(workspace);
  run = await runCompositeAction(
    PROJECT_ROOT,
    {
      args: '--requirement=AU-SCOPE-REQUIRED\n--grep=positivePay.list: A token\n--seed=7',
      'node-version': mirror.major,
      'node-mirror': mirror.url,
    },
    workspace,
    { env: { NO_COLOR: '1', PATH: `${oldNode}${delimiter}${process.env.PATH}` }, after: 'node --version' },
  );
}, 300_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('a runner Node older than 20.19: the suite runs to its verdict on a Node of its own, and says so', () => {
  expect(run.failed, run.stdout.slice(-2000)).toBe(false);
  expect(run.outputs).toMatchObject({ verdict: 'conformant', 'exit-code': '0' });
  expect(run.stdout).toMatch(
    new RegExp(
      `^::notice title=banking-api-conformance::The runner's Node is ${OLD_NODE} \\(the suite needs 20\\.19\\.0 or newer\\): the suite runs on Node ${mirror.version} from file:`,
      'm',
    ),
  );
  expect(run.stdout).toContain(`/banking-api-conformance-node/${mirror.version}-`);
});

test("the caller's later step still runs the Node it had: nothing reached GITHUB_PATH or GITHUB_ENV", () => {
  expect(run.jobPath).toEqual([]);
  expect(run.jobEnv).toBe('');
  expect(run.afterStdout.trim()).toBe(OLD_NODE);
});

test('a node-version the action cannot resolve is refused with its reason, before anything runs', async () => {
  const workspace = mkdtempSync(join(scratch, 'workspace-'));
  const refused = await runCompositeAction(PROJECT_ROOT, { 'node-version': 'lts/*', 'node-mirror': mirror.url }, workspace, {
    env: { PATH: `${join(scratch, 'old-node-bin')}${delimiter}${process.env.PATH}` },
  });
  expect(refused.failed).toBe(true);
  expect(refused.stepCodes).toEqual({ 'Node for the suite': 2, Verdict: 2 });
  expect(refused.stdout).toContain(
    "::error title=banking-api-conformance%3A no Node to run on::node-version is 'lts/*': give a major version (22) or an exact one (22.12.0)",
  );
}, 60_000);
