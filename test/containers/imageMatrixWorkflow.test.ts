import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { loadManifest } from '../../harness/targetManifest.ts';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';

// docs/ci/container-images.yml, the example matrix over several target images:
// one certification per image, one artifact per image, one summary over them,
// and every command it runs exists in this project.

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  steps: Step[];
  strategy?: { matrix: { include: Array<Record<string, string>> } };
}

const workflow = parse(readFileSync(join(PROJECT_ROOT, 'docs/ci/container-images.yml'), 'utf8')) as { jobs: Record<string, Job> };
const scripts = Object.keys(
  (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
);
const certify = workflow.jobs.certify as Job;
const summary = workflow.jobs.summary as Job;

test('the matrix has several images, each with a distinct name and a target manifest', () => {
  const entries = certify.strategy?.matrix.include ?? [];
  expect(entries.length).toBeGreaterThanOrEqual(2);
  expect(new Set(entries.map((entry) => entry.name)).size).toBe(entries.length);
  expect(new Set(entries.map((entry) => entry.image)).size).toBe(entries.length);
  for (const entry of entries) expect(entry.manifest).toMatch(/^targets\/.+\.json$/);
  expect(entries.some((entry) => entry.manifest === 'targets/emulator-image.json')).toBe(true);
});

test('each job certifies its image into its own report directory and uploads it under its own name', () => {
  const runs = certify.steps.map((step) => step.run ?? '').join('\n');
  expect(runs).toMatch(/--certify --target-image \$\{\{ matrix\.image \}\}/);
  expect(runs).toMatch(/--report-dir reports\/\$\{\{ matrix\.name \}\}/);
  const upload = certify.steps.find((step) => step.uses?.startsWith('actions/upload-artifact'));
  expect(upload?.with?.name).toBe('certificate-${{ matrix.name }}');
  expect(upload?.if).toBe('always()');
});

test('the summary job runs after every certification, even failed ones, over every certificate', () => {
  expect(summary.needs).toBe('certify');
  expect(summary.if).toBe('always()');
  const download = summary.steps.find((step) => step.uses?.startsWith('actions/download-artifact'));
  expect(download?.with?.pattern).toBe('certificate-*');
  const runs = summary.steps.map((step) => step.run ?? '').join('\n');
  expect(runs).toMatch(/certificates:summary -- certificates\/certificate-\*/);
  expect(runs).toContain('$GITHUB_STEP_SUMMARY');
});

test('every npm script the workflow runs exists', () => {
  const used = [...JSON.stringify(workflow).matchAll(/npm run (?:--silent )?([\w:-]+)/g)].map((match) => match[1] as string);
  expect(used.length).toBeGreaterThan(0);
  for (const script of used) expect(scripts, script).toContain(script);
});

test('the manifests it starts from are valid container manifests', () => {
  for (const file of ['targets/emulator-image.json', 'targets/image.example.json']) {
    expect(loadManifest(join(PROJECT_ROOT, file)).container?.image, file).toBeTruthy();
  }
});
