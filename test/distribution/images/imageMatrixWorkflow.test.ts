import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { loadManifest } from '../../../harness/targetIO/targetManifest.ts';
import { PREDICATE_TYPE } from '../../../verdict/certification.ts';
import { PROJECT_ROOT } from '../../cli/cliProcess.ts';

// docs/ci/certify-emulator-image.yml, the example matrix over several target images:
// one certification per image by the action, one artifact per image, one summary over
// them from the installed package, and every argument and file it relies on exists; a
// certified image's certificate signed keylessly by actions/attest. (Sigstore cannot be
// reached from here: this holds the workflow's shape; test/run/urlTargetCertificate.test.ts
// holds the predicate the action hands over to the published schema.)

interface Step {
  name?: string;
  id?: string;
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, string>;
}
interface Job {
  permissions?: Record<string, string>;
  needs?: string | string[];
  if?: string;
  steps: Step[];
  strategy?: { matrix: { include: Array<Record<string, string | boolean>> } };
}

const workflow = parse(readFileSync(join(PROJECT_ROOT, 'docs/ci/certify-emulator-image.yml'), 'utf8')) as { jobs: Record<string, Job> };
const packageJson = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { files: string[] };
const certify = workflow.jobs.certify as Job;
const summary = workflow.jobs.summary as Job;
const action = certify.steps.find((step) => step.uses?.startsWith('OWNER/banking-api-conformance@'));

test('the matrix has several images, each with a distinct name and a target manifest; one is built here', () => {
  const entries = certify.strategy?.matrix.include ?? [];
  expect(entries.length).toBeGreaterThanOrEqual(2);
  expect(new Set(entries.map((entry) => entry.name)).size).toBe(entries.length);
  expect(new Set(entries.map((entry) => entry.image)).size).toBe(entries.length);
  for (const entry of entries) expect(entry.manifest).toMatch(/\.json$/);
  expect(entries.some((entry) => entry.build === true)).toBe(true);
});

test('each job certifies its image with the action into its own report directory and uploads it under its own name', () => {
  expect(action?.with?.args?.split('\n')).toEqual(
    expect.arrayContaining(['--certify', '--target-image=${{ matrix.image }}', '--target-manifest=${{ matrix.manifest }}']),
  );
  expect(action?.with?.['report-dir']).toBe('certificates/${{ matrix.name }}');
  const upload = certify.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
  expect(upload?.with?.name).toBe('certificate-${{ matrix.name }}');
  expect(upload?.with?.path).toBe(`\${{ steps.${action?.id}.outputs.report-dir }}`);
  expect(upload?.if).toMatch(/^always\(\)/);
});

test('the summary job runs after every certification, even failed ones, over every certificate, from the installed package', () => {
  expect(summary.needs).toBe('certify');
  expect(summary.if).toBe('always()');
  const download = summary.steps.find((step) => step.uses?.startsWith('actions/download-artifact@'));
  expect(download?.with?.pattern).toBe('certificate-*');
  const runs = summary.steps.map((step) => step.run ?? '').join('\n');
  expect(runs).toContain('npm install --no-save --no-audit --no-fund banking-api-conformance@0');
  const script = /node_modules\/banking-api-conformance\/(\S+) certificates\/certificate-\*/.exec(runs)?.[1] as string;
  expect(existsSync(join(PROJECT_ROOT, script)), script).toBe(true);
  expect(packageJson.files).toContain(`${script.split('/')[0]}/`);
  expect(runs).toContain('$GITHUB_STEP_SUMMARY');
});

test('the manifest it starts from is a valid container manifest', () => {
  expect(loadManifest(join(PROJECT_ROOT, 'targets/image.example.json')).container?.image).toBeTruthy();
});

test("a certified image's certificate is attested keylessly: actions/attest with the action's predicate and subject, and the permissions it needs", () => {
  const attest = certify.steps.find((step) => step.uses?.startsWith('actions/attest@'));
  const outputs = (name: string) => `\${{ steps.${action?.id}.outputs.${name} }}`;
  expect(attest?.with).toEqual({
    'subject-name': outputs('certificate-subject-name'),
    'subject-digest': outputs('certificate-subject-digest'),
    'predicate-type': PREDICATE_TYPE,
    'predicate-path': outputs('certificate-predicate'),
  });
  // After the certification, and only when it passed (no always()): an image that is not certified gets no attestation.
  expect(certify.steps.indexOf(attest as Step)).toBeGreaterThan(certify.steps.indexOf(action as Step));
  expect(attest?.if).toBe(`${outputs('certificate-predicate').slice(4, -3)} != ''`);
  const actionOutputs = (parse(readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8')) as { outputs: Record<string, unknown> }).outputs;
  for (const name of ['certificate-predicate', 'certificate-subject-name', 'certificate-subject-digest'])
    expect(actionOutputs).toHaveProperty(name);
  expect(certify.permissions).toEqual({ contents: 'read', 'id-token': 'write', attestations: 'write' });
});
