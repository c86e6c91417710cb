import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { validateWorkflowFile } from './workflowValidator.ts';

// Every example workflow in docs/ci/, and action.yml itself, as someone copying them
// into another repository gets them: actions pinned by commit SHA with the release in
// a comment, this action by its documented placeholder, nothing that exists only in a
// clone of this repository (npm run, bin/, npm ci of our lockfile), and the package
// installed by its published name in any job that runs it.

const EXAMPLES = join(PROJECT_ROOT, 'docs/ci');
const files = readdirSync(EXAMPLES)
  .filter((name) => name.endsWith('.yml'))
  .map((name) => ({ name, text: readFileSync(join(EXAMPLES, name), 'utf8') }));
const ACTION = { name: 'action.yml', text: readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8') };
const PLACEHOLDER = 'OWNER/banking-api-conformance@v0';

interface Job {
  steps: Array<{ uses?: string; run?: string }>;
}

test('one example per use, named for it', () => {
  expect(files.map((file) => file.name).sort()).toEqual([
    'certify-emulator-image.yml',
    'client-ci.yml',
    'sandbox-and-client-ci.yml',
    'sandbox-ci.yml',
    'sharded-targets.yml',
  ]);
});

test.each([...files, ACTION])('$name is valid for GitHub (its schemas, checked offline)', async ({ name }) => {
  const { valid, report } = await validateWorkflowFile(name === ACTION.name ? join(PROJECT_ROOT, name) : join(EXAMPLES, name));
  expect(valid, report).toBe(true);
});

test.each([...files, ACTION])('$name pins every third-party action by commit SHA, the release in a comment', ({ text }) => {
  const uses = [...text.matchAll(/^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/gm)].map((match) => [match[1] as string, match[2] as string]);
  expect(uses.length).toBeGreaterThan(0);
  for (const [ref, rest] of uses) {
    if (ref === PLACEHOLDER) continue;
    expect(ref).toMatch(/^[\w-]+\/[\w-]+(\/[\w-]+)?@[0-9a-f]{40}$/);
    expect(rest).toMatch(/^ # v\d+\.\d+\.\d+$/);
  }
});

test.each(files)('$name works outside a clone of this repository', ({ text }) => {
  const workflow = parse(text) as { jobs: Record<string, Job> };
  expect(text).not.toMatch(/npm run|node bin\/|npm ci|targets\/emulator-image\.json/);
  expect(text).toContain(`uses: ${PLACEHOLDER}`);
  for (const [name, job] of Object.entries(workflow.jobs)) {
    const runs = job.steps.map((step) => step.run ?? '').join('\n');
    if (/banking-api-conformance (merge|report)|node_modules\/banking-api-conformance/.test(runs))
      expect(runs, name).toContain('npm install --no-save --no-audit --no-fund banking-api-conformance@0');
  }
});

test.each(files)('$name passes args one per line', ({ text }) => {
  const blocks = [...text.matchAll(/^(\s*)args: \|\n((?:\1 {2}.*\n)+)/gm)].map((match) => (match[2] as string).trim().split('\n'));
  expect(blocks.length).toBeGreaterThan(0);
  for (const line of blocks.flat()) expect(line.trim()).not.toMatch(/^-[^=\s]+\s/);
});
