import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { schemaRegistry } from '../../../contract/catalogue/schemaRegistry.ts';
import type { CertificateStatement } from '../../../verdict/certification.ts';
import { type CliResult, runCli } from '../../cli/cliProcess.ts';
import { expectRefused, expectValid, type SignedCertificate, TAMPER_CASES, writeKeyPair } from '../../support/certificateTampering.ts';
import { dockerTestSlot, dockerUnavailableReason, emulatorImageForTests, leftoverTargetContainers } from './dockerForTests.ts';

// The reference emulator's image, built from the project's Dockerfile and
// certified with `run --certify --target-image --signing-key`: the certificate is
// about the exact image (its id), `verify` finds it valid and refuses each forgery
// with its own line, the container's log reaches every report, and the container is
// gone afterwards.

const unavailable = dockerUnavailableReason();
const reportDir = mkdtempSync(join(tmpdir(), 'bac-image-certified-'));
const scratch = mkdtempSync(join(tmpdir(), 'bac-image-certificate-keys-'));
const keys = writeKeyPair(scratch, 'signing-key');
let image: { tag: string; id: string; sizeBytes: number };
let run: CliResult;
const read = (file: string): string => readFileSync(join(reportDir, file), 'utf8');

let release: (() => void) | undefined;
afterAll(() => release?.());

beforeAll(async () => {
  if (unavailable) return;
  release = await dockerTestSlot();
  image = await emulatorImageForTests();
  run = await runCli([
    'run',
    '--certify',
    '--target-image',
    image.tag,
    '--signing-key',
    keys.privateKey,
    '--seed',
    '11',
    '--report-dir',
    reportDir,
  ]);
}, 300_000);

test('the emulator image is certified, and the certificate is about its image id', (ctx) => {
  ctx.skip(unavailable !== undefined, unavailable);
  expect(run.code, run.stdout.slice(-3000) + run.stderr).toBe(0);
  expect(run.stdout).toMatch(/Starting container banking-api-emulator:test \(network (host|bridge): /);
  expect(run.stdout).toContain('CERTIFIED');
  expect(image.id).toMatch(/^sha256:[0-9a-f]{64}$/);
  const statement = JSON.parse(read('certificate.json')) as CertificateStatement;
  expect(statement.subject).toEqual([{ name: image.tag, digest: { sha256: image.id.slice('sha256:'.length) } }]);
  expect(statement.predicate.certified).toBe(true);
  expect(statement.predicate.target.image).toEqual({ name: image.tag, id: image.id, repoDigests: [] });
  expect(schemaRegistry().validate('harness/certificate-predicate', JSON.parse(read('certificate.predicate.json'))).violations).toEqual([]);
});

describe('verify, on the certificate of the image signed with a key generated for the test', () => {
  const certificate = (): SignedCertificate => ({
    envelope: join(reportDir, 'certificate.intoto.jsonl'),
    publicKey: keys.publicKey,
    subject: image.id,
    results: join(reportDir, 'results.json'),
    evidence: join(reportDir, 'evidence.har'),
  });

  test('valid: its key, the image id, its results and its evidence; exit 0', async (ctx) => {
    ctx.skip(unavailable !== undefined, unavailable);
    const verified = await expectValid(certificate());
    expect(verified.stdout).toContain(`ok      subject: ${image.id} is the certificate's subject ${image.tag}`);
  });

  test.for(TAMPER_CASES)('$name: refused with its own line and exit 1', async (tamper, ctx) => {
    ctx.skip(unavailable !== undefined, unavailable);
    await expectRefused(tamper, certificate(), scratch);
  });
});

test('results.json names the image, its id and the start-up time, with the end of its log', (ctx) => {
  ctx.skip(unavailable !== undefined, unavailable);
  const results = JSON.parse(read('results.json'));
  expect(schemaRegistry().validate('harness/results', results).violations).toEqual([]);
  expect(results.verdict).toBe('conformant');
  expect(results.target.image.id).toBe(image.id);
  expect(results.container.image.name).toBe(image.tag);
  expect(results.container.startupMs).toBeGreaterThan(0);
  expect(results.container.logTail.join('\n')).toMatch(
    /banking-api-emulator \(sandbox\) listening on http:\/\/(127\.0\.0\.1|0\.0\.0\.0):\d+/,
  );
  expect(read('container.log')).toContain('banking-api-emulator (sandbox) listening on');
});

test('report.html shows the last log lines next to the verdict, and Allure gets the log as an attachment', (ctx) => {
  ctx.skip(unavailable !== undefined, unavailable);
  const page = read('report.html');
  const verdictAt = page.indexOf('id="verdict"');
  const logAt = page.indexOf('id="container-log"');
  expect(verdictAt).toBeGreaterThan(0);
  expect(logAt).toBeGreaterThan(verdictAt);
  expect(logAt).toBeLessThan(page.indexOf('id="facts"'));
  expect(page).toContain('banking-api-emulator (sandbox) listening on');

  const allureDir = join(reportDir, 'allure-results');
  const containers = readdirSync(allureDir).filter((name) => name.endsWith('-container.json'));
  expect(containers).toHaveLength(1);
  const fixture = JSON.parse(readFileSync(join(allureDir, containers[0] as string), 'utf8'));
  const results = readdirSync(allureDir).filter((name) => name.endsWith('-result.json'));
  expect(fixture.children).toHaveLength(results.length);
  const attachment = fixture.befores[0].attachments[0];
  expect(attachment.type).toBe('text/plain');
  expect(existsSync(join(allureDir, attachment.source))).toBe(true);
  expect(readFileSync(join(allureDir, attachment.source), 'utf8')).toContain('listening on');
});

test('the container is removed after the run', async (ctx) => {
  ctx.skip(unavailable !== undefined, unavailable);
  const { containerId } = JSON.parse(read('results.json')).container;
  expect(await leftoverTargetContainers({ id: containerId })).toEqual([]);
});
