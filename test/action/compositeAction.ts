import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { parse } from 'yaml';

// Runs a composite action's steps here as GitHub's runner would, without GitHub:
// each `run` step in bash (-eo pipefail, as the runner's bash shell), with its env's
// ${{ inputs.* }}, ${{ github.action_path }} and ${{ steps.*.outputs.* }} filled in, its
// own GITHUB_OUTPUT file, GITHUB_STEP_SUMMARY, GITHUB_WORKSPACE and RUNNER_* as on a
// runner, and its `if` judged. What a step adds to GITHUB_PATH or GITHUB_ENV reaches the
// steps after it, as on a runner, including `after`: a step of the caller's job after
// the action. A `uses` step (another action) is not run: it is recorded with its
// expanded `with`, and `uses` (when given) answers its outputs.

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  if?: string;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

export interface UsesStep {
  uses: string;
  with: Record<string, string>;
  /** Whether its `if` let it run. */
  ran: boolean;
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
  /** Each `uses` step, in order. */
  usesSteps: UsesStep[];
  /** What the action's steps wrote to GITHUB_PATH and GITHUB_ENV: what the caller's later steps inherit. */
  jobPath: string[];
  jobEnv: string;
  /** Stdout of the caller's step `after`, run after the action. */
  afterStdout: string;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  uses?: (uses: string, given: Record<string, string>) => Record<string, string>;
  after?: string;
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

interface Context {
  inputs: Record<string, string>;
  actionPath: string;
  steps: Record<string, Record<string, string>>;
}

function value(expression: string, context: Context): string {
  const input = /^inputs\.([\w-]+)$/.exec(expression);
  if (input) return context.inputs[input[1] as string] ?? '';
  if (expression === 'github.action_path') return context.actionPath;
  const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
  if (output) return context.steps[output[1] as string]?.[output[2] as string] ?? '';
  throw new Error(`expression not supported here: ${expression}`);
}

function expand(text: string, context: Context): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expression: string) => value(expression, context));
}

/** A step's `if`: status functions, `&&`, and `==` / `!=` against a quoted string; no status function means success(). */
function shouldRun(condition: string | undefined, failed: boolean, context: Context): boolean {
  const terms = (condition ?? '')
    .replace(/^\$\{\{\s*|\s*\}\}$/g, '')
    .split('&&')
    .map((term) => term.trim())
    .filter(Boolean);
  if (!terms.some((term) => /^(always|success|failure)\(\)$/.test(term)) && failed) return false;
  return terms.every((term) => {
    if (term === 'always()') return true;
    if (term === 'success()') return !failed;
    if (term === 'failure()') return failed;
    const comparison = /^([\w.-]+)\s*(==|!=)\s*'([^']*)'$/.exec(term);
    if (!comparison) throw new Error(`condition not supported here: ${term}`);
    const equal = value(comparison[1] as string, context) === comparison[3];
    return comparison[2] === '==' ? equal : !equal;
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

const RUNNER_ARCH: Partial<Record<string, string>> = { x64: 'X64', arm64: 'ARM64' };
const RUNNER_OS: Partial<Record<string, string>> = { linux: 'Linux', darwin: 'macOS' };

export async function runCompositeAction(
  actionPath: string,
  given: Record<string, string>,
  workspace: string,
  options: RunOptions = {},
): Promise<ActionRun> {
  const action = parse(readFileSync(join(actionPath, 'action.yml'), 'utf8')) as Action;
  if (action.runs.using !== 'composite') throw new Error(`not a composite action: ${action.runs.using}`);
  const inputs = { ...Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, input.default ?? ''])), ...given };
  const files = mkdtempSync(join(tmpdir(), 'bac-action-files-'));
  const summaryFile = join(files, 'step-summary.md');
  const pathFile = join(files, 'github-path');
  const envFile = join(files, 'github-env');
  for (const file of [summaryFile, pathFile, envFile]) writeFileSync(file, '');
  const runnerTemp = join(files, 'runner-temp');
  mkdirSync(runnerTemp);
  const context: Context = { inputs, actionPath, steps: {} };
  const stepCodes: Record<string, number | null> = {};
  const usesSteps: UsesStep[] = [];
  let failed = false;
  let stdout = '';
  // The job's environment as the runner gives it to a step: GITHUB_ENV's lines and
  // GITHUB_PATH's folders (the latest first) on top of what the job started with.
  const jobEnvironment = (): NodeJS.ProcessEnv => {
    const base = { ...process.env, ...options.env };
    const folders = readFileSync(pathFile, 'utf8').split('\n').filter(Boolean).reverse();
    return {
      ...base,
      ...parseOutputs(envFile),
      PATH: [...folders, base.PATH ?? ''].join(delimiter),
      GITHUB_PATH: pathFile,
      GITHUB_ENV: envFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_WORKSPACE: workspace,
      RUNNER_OS: RUNNER_OS[process.platform] ?? process.platform,
      RUNNER_ARCH: RUNNER_ARCH[process.arch] ?? process.arch,
      RUNNER_TEMP: runnerTemp,
    };
  };
  try {
    for (const [index, step] of action.runs.steps.entries()) {
      const runs = shouldRun(step.if, failed, context);
      if (step.uses) {
        const expanded = Object.fromEntries(Object.entries(step.with ?? {}).map(([name, text]) => [name, expand(String(text), context)]));
        usesSteps.push({ uses: step.uses, with: expanded, ran: runs });
        if (runs && step.id) context.steps[step.id] = options.uses?.(step.uses, expanded) ?? {};
        continue;
      }
      if (!runs || step.run === undefined) continue;
      const outputFile = join(files, `output-${index}`);
      const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, text]) => [name, expand(String(text), context)]));
      const ran = await bash(expand(step.run, context), workspace, {
        ...jobEnvironment(),
        ...stepEnv,
        GITHUB_OUTPUT: outputFile,
        GITHUB_ACTION_PATH: actionPath,
      });
      stdout += ran.stdout;
      stepCodes[step.name ?? `step ${index}`] = ran.code;
      if (ran.code !== 0) failed = true;
      if (step.id) context.steps[step.id] = parseOutputs(outputFile);
    }
    const outputs = Object.fromEntries(Object.entries(action.outputs).map(([name, output]) => [name, expand(output.value, context)]));
    const after = options.after ? await bash(options.after, workspace, jobEnvironment()) : undefined;
    return {
      outputs,
      stepCodes,
      failed,
      stdout,
      summary: readFileSync(summaryFile, 'utf8'),
      usesSteps,
      jobPath: readFileSync(pathFile, 'utf8').split('\n').filter(Boolean),
      jobEnv: readFileSync(envFile, 'utf8'),
      afterStdout: after?.stdout ?? '',
    };
  } finally {
    rmSync(files, { recursive: true, force: true });
  }
}
