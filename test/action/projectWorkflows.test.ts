import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { validateWorkflowFile } from './workflowValidator.ts';

// The project's own workflows (.github/workflows/): valid for GitHub, checked offline; the
// release runs on a version tag, CI on every push and pull request, npm ci then npm test on
// each Node the package runs on, Docker required where GitHub's runners have it.

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, { strategy?: { matrix?: Record<string, unknown> }; steps: Step[] }>;
}

const WORKFLOWS = ['ci.yml', 'release.yml'];
const read = (name: string): Workflow => parse(readFileSync(join(PROJECT_ROOT, '.github/workflows', name), 'utf8')) as Workflow;

test.each(WORKFLOWS)('%s is a valid workflow', async (name) => {
  const { valid, report } = await validateWorkflowFile(join(PROJECT_ROOT, '.github/workflows', name));
  expect(valid, report).toBe(true);
});

test.each(WORKFLOWS)('%s pins every action by commit SHA, the release in a comment', (name) => {
  const text = readFileSync(join(PROJECT_ROOT, '.github/workflows', name), 'utf8');
  const uses = [...text.matchAll(/^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/gm)];
  expect(uses.length).toBeGreaterThan(0);
  for (const [, ref, rest] of uses) {
    expect(ref).toMatch(/^[\w-]+\/[\w-]+(\/[\w-]+)?@[0-9a-f]{40}$/);
    expect(rest).toMatch(/^ # v\d+\.\d+\.\d+$/);
  }
});

test('ci.yml: every push and pull request, npm ci then npm test (which type-checks first) on Node 20, 22 and 24', () => {
  const ci = read('ci.yml');
  expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
  const jobs = Object.values(ci.jobs);
  expect(jobs).toHaveLength(1);
  const [job] = jobs;
  expect(job?.strategy?.matrix?.node).toEqual(['20', '22', '24']);
  const runs = job?.steps.flatMap((step) => (step.run ? [step.run.trim()] : [])) ?? [];
  expect(runs.map((run) => run.split(' ').slice(0, 2).join(' '))).toEqual(['npm ci', 'npm test']);
  const setupNode = job?.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
  expect(setupNode?.with?.['node-version']).toBe('${{ matrix.node }}');
  const scripts = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
  expect(scripts.test).toMatch(/^tsc --noEmit && /);
});

test('ci.yml requires the container and browser tests (GitHub runners have Docker and Chrome) as the release does', () => {
  const testStep = (workflow: Workflow): Step | undefined =>
    Object.values(workflow.jobs)
      .flatMap((job) => job.steps)
      .find((step) => step.run?.trim() === 'npm test');
  expect(testStep(read('ci.yml'))?.env).toMatchObject({
    BANKING_CONFORMANCE_REQUIRE_DOCKER: '1',
    BANKING_CONFORMANCE_REQUIRE_CHROMIUM: '1',
  });
  expect(testStep(read('ci.yml'))?.env).toEqual(testStep(read('release.yml'))?.env);
});
