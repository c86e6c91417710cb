import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startEmulator } from '../../emulator/emulator.ts';
import { call } from '../emulator/emulatorClient.ts';
import { runCli } from '../cli/cliProcess.ts';
import { ALL_SCOPES } from '../../harness/targetIO/tokenPool.ts';
import { runArtefacts, scanForSecrets } from '../support/secretScan.ts';

// Tokens never leak into what a run leaves behind. An emulator accepts a
// recognisable bearer token, which the run reads from BANKING_EMULATOR_TOKEN as a
// vendor sandbox's manifest says, and holds a webhook whose signing token is just
// as recognisable (the webhook lists the suite reads show it). Seeded faults make
// checks FAIL, so failure messages and evidence are written too. Then stdout,
// stderr, results.json, report.html, junit.xml and every file under
// allure-results are searched for the planted values, for any part of them that
// begins with their marker, and for the signing tokens the suite makes up itself
// (tok-...): 0 hits.

const MARKERS = { bearer: 'plantedbearer', signing: 'plantedsigning' };
const PLANTED = {
  bearer: `${MARKERS.bearer}${randomBytes(16).toString('hex')}`,
  signing: `${MARKERS.signing}${randomBytes(16).toString('hex')}`,
};
/** Signing tokens the suite's scenarios generate (suites/webhooks, suites/delivery). */
const SUITE_SIGNING_TOKEN = /tok-[a-z0-9]{6,}/gi;
const FAULTS = ['signature-header-missing', 'webhook-patch-ignores-label'];

const emulator = await startEmulator({ tokens: [{ value: PLANTED.bearer }], faults: FAULTS });
const workDir = mkdtempSync(join(tmpdir(), 'secret-scan-'));
afterAll(async () => {
  await emulator.close();
  rmSync(workDir, { recursive: true, force: true });
});

const NEEDLES = {
  'planted bearer token': PLANTED.bearer,
  'planted signing token': PLANTED.signing,
  'part of a planted token': new RegExp(`${MARKERS.bearer}|${MARKERS.signing}`),
  'suite-made signing token': SUITE_SIGNING_TOKEN,
};

test('no token appears in the output or any artefact of a failing run', async () => {
  const planted = await call(emulator.url(), 'POST', '/webhooks', {
    token: PLANTED.bearer,
    body: {
      data: {
        type: 'webhook',
        attributes: {
          label: 'planted signing token',
          url: 'http://127.0.0.1:9/planted',
          token: PLANTED.signing,
          contentType: 'Json',
          deliveryMode: 'AtMostOnce',
        },
      },
    },
  });
  expect(planted.status).toBe(201);
  expect((await call(emulator.url(), 'POST', `/webhooks/${planted.body.data.id}/disable`, { token: PLANTED.bearer })).status).toBe(200);
  const manifest = join(workDir, 'target.json');
  writeFileSync(
    manifest,
    JSON.stringify({
      name: 'emulator with planted tokens',
      baseUrl: emulator.url(),
      environment: 'sandbox',
      capabilities: ['core', 'fixtureProvisioning', 'clockControl', 'eventInjection', 'webhookDelivery'],
      tokens: [{ env: 'BANKING_EMULATOR_TOKEN', scopes: ALL_SCOPES }],
      webhookSink: { signatureHeader: 'X-Service-Signature', bindHost: '127.0.0.1' },
      controlPrefix: '/_emulator',
    }),
  );
  const reportDir = join(workDir, 'reports');
  const run = await runCli(
    ['run', '--target', manifest, '--base-url', emulator.url(), '--only', 'webhooks,events,delivery', '--report-dir', reportDir],
    { BANKING_EMULATOR_TOKEN: PLANTED.bearer },
  );

  const artefacts = runArtefacts(reportDir, run);
  const { leaks, totals } = scanForSecrets(artefacts, NEEDLES);
  const results = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8'));
  const outcomes = results.requirements.map((requirement: { outcome: string }) => requirement.outcome);
  const count = (outcome: string) => outcomes.filter((o: string) => o === outcome).length;
  const allureFiles = artefacts.filter((artefact) => artefact.name.startsWith('allure-results')).length;
  const megabytes = artefacts.reduce((sum, artefact) => sum + Buffer.byteLength(artefact.text), 0) / 1024 ** 2;
  console.log(
    `secret scan: run exited ${run.code} (${count('PASS')} PASS, ${count('FAIL')} FAIL with ${FAULTS.join(', ')}); ` +
      `scanned stdout, stderr, results.json, report.html, junit.xml and ${allureFiles} Allure files (${megabytes.toFixed(1)} MB): ` +
      `${Object.entries(totals)
        .map(([what, hits]) => `${hits} × ${what}`)
        .join(', ')}`,
  );

  // The run used the planted token (checks passed) and failed where the faults say.
  expect(run.code, run.stderr).toBe(1);
  expect(count('PASS')).toBeGreaterThan(20);
  const failed = results.requirements
    .filter((requirement: { outcome: string }) => requirement.outcome === 'FAIL')
    .map((requirement: { id: string }) => requirement.id);
  expect(failed).toEqual(expect.arrayContaining(['DL-SIGNATURE-HEADER', 'WH-UPDATE-LABEL']));
  // The planted webhook went through the evidence (its token masked).
  expect(artefacts.some((artefact) => artefact.text.includes('planted signing token'))).toBe(true);
  expect(leaks).toEqual([]);
}, 180_000);
