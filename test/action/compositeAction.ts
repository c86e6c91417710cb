import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

// Runs a composite action's steps here as GitHub's runner would, without GitHub:
// each `run` step in bash (-eo pipefail, as the runner's bash shell), with its
// env's ${{ inputs.* }}, ${{ github.action_path }} and ${{ steps.*.outputs.* }}
// filled in, its own GITHUB_OUTPUT file, and GITHUB_STEP_SUMMARY and
// GITHUB_WORKSPACE as given. `uses` steps (setup-node) are left out: Node is here.

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  if?: string;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

export interface ActionRun {
  /** The action's outputs, as a workflow reads them from `steps.<id>.outputs`. */
  outputs: Record<string, string>;
  /** Exit code of each run step, by name. */
  stepCodes: Record<string, number | null>;
  /** Whether the action failed: a step exited non-zero. */
  failed: boolean;
  stdout: string;
  summary: string;
}

function parseOutputs(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

function expand(
  text: string,
  context: { inputs: Record<string, string>; actionPath: string; steps: Record<string, Record<string, string>> },
): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expression: string) => {
    const input = /^inputs\.([\w-]+)$/.exec(expression);
    if (input) return context.inputs[input[1] as string] ?? '';
    if (expression === 'github.action_path') return context.actionPath;
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
    if (output) return context.steps[output[1] as string]?.[output[2] as string] ?? '';
    throw new Error(`expression not supported here: ${expression}`);
  });
}

function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

export async function runCompositeAction(
  actionPath: string,
  given: Record<string, string>,
  workspace: string,
  env: NodeJS.ProcessEnv = {},
): Promise<ActionRun> {
  const action = parse(readFileSync(join(actionPath, 'action.yml'), 'utf8')) as Action;
  if (action.runs.using !== 'composite') throw new Error(`not a composite action: ${action.runs.using}`);
  const inputs = { ...Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, input.default ?? ''])), ...given };
  const files = mkdtempSync(join(tmpdir(), 'bac-action-files-'));
  const summaryFile = join(files, 'step-summary.md');
  writeFileSync(summaryFile, '');
  const steps: Record<string, Record<string, string>> = {};
  const stepCodes: Record<string, number | null> = {};
  let failed = false;
  let stdout = '';
  try {
    for (const [index, step] of action.runs.steps.entries()) {
      if (step.uses || step.run === undefined) continue;
      // Without `if: always()` a step runs only while every step before it succeeded.
      if (failed && !/always\(\)/.test(step.if ?? '')) continue;
      const outputFile = join(files, `output-${index}`);
      const context = { inputs, actionPath, steps };
      const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, expand(String(value), context)]));
      const ran = await bash(expand(step.run, context), workspace, {
        ...process.env,
        ...env,
        ...stepEnv,
        GITHUB_OUTPUT: outputFile,
        GITHUB_STEP_SUMMARY: summaryFile,
        GITHUB_WORKSPACE: workspace,
        GITHUB_ACTION_PATH: actionPath,
      });
      stdout += ran.stdout;
      stepCodes[step.name ?? `step ${index}`] = ran.code;
      if (ran.code !== 0) failed = true;
      if (step.id) steps[step.id] = parseOutputs(outputFile);
    }
    const outputs = Object.fromEntries(
      Object.entries(action.outputs).map(([name, output]) => [name, expand(output.value, { inputs, actionPath, steps })]),
    );
    return { outputs, stepCodes, failed, stdout, summary: readFileSync(summaryFile, 'utf8') };
  } finally {
    rmSync(files, { recursive: true, force: true });
  }
}
