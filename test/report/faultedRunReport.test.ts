import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/emulator.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { CLIENT_REQUIREMENTS } from '../../contract/catalogue/operationCatalogue.ts';
import { runScenarios } from '../support/runScenarios.ts';
import { schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { openFaces } from '../../cli/faces/faceList.ts';
import { terminalStyle } from '../../cli/terminalStyle.ts';
import { positivePayScenarios } from '../../suites/positive-pay/index.ts';
import { chromiumUnavailableReason, openReport, screenshot } from './headlessChromium.ts';
import { emulatorTarget, resultsOfRun } from './resultsOfRun.ts';

// A report built from a real run: the positive pay list and create scenarios,
// in-process, against an emulator with seeded faults. The failing requirements
// must come out FAIL in results.json and junit.xml, and a person filtering the
// HTML report to failures must find each of them with its evidence.

const FAULTS = ['list-without-total', 'drawdown-created-active'];
const BROKEN = ['PP-LIST-SHAPE', 'PP-RULE-INITIAL-STATUS'];
const scenarios = positivePayScenarios.filter((scenario) => /^positive-pay\/(list|create)\//.test(scenario.id));
const scratch = mkdtempSync(join(tmpdir(), 'bac-faulted-'));
let emulator: Emulator;
let document: ResultsDocument;
let paths: { results: string; junit: string; html: string };

beforeAll(async () => {
  emulator = await startEmulator({ faults: FAULTS });
  const records = await runScenarios(scenarios, { baseUrl: emulator.url(), seed: 20261121 });
  const selected = [...scenarios.flatMap((scenario) => scenario.requirements), ...Object.values(CLIENT_REQUIREMENTS)];
  document = resultsOfRun({ records, selected, scenarios, target: emulatorTarget(emulator.url()) });
  // Written as a command's faces write them (cli/faces/faceList.ts).
  const faces = openFaces({
    reportDir: scratch,
    reporters: new Set(['junit', 'html', 'summary']),
    quiet: true,
    verbose: false,
    style: terminalStyle(false),
    write: () => {},
    redactor: new SecretRedactor(),
  });
  const written = await faces.finish({ document, reports: [], exchanges: [], allureEnvironment: {}, version: '0' });
  paths = { results: written.results, junit: join(scratch, 'junit.xml'), html: join(scratch, 'report.html') };
}, 60_000);

afterAll(async () => {
  await emulator?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('reports of a run against a faulted emulator', () => {
  test('results.json is valid against schemas/harness/results.schema.json and non-conformant', () => {
    expect(scenarios.length).toBeGreaterThan(0);
    const written = JSON.parse(readFileSync(paths.results, 'utf8'));
    expect(schemaRegistry().validate('harness/results', written).violations).toEqual([]);
    expect(written.verdict).toBe('non-conformant');
    const outcome = (id: string) => document.requirements.find((result) => result.id === id)?.outcome;
    for (const id of BROKEN) expect(outcome(id), id).toBe('FAIL');
  });

  test('junit.xml has a failure for each requirement with a failing check, named by its id', () => {
    const xml = readFileSync(paths.junit, 'utf8');
    for (const id of BROKEN)
      expect(xml).toMatch(new RegExp(`<testcase classname="${id}" name="${id}" time="[0-9.]+">\\s*<failure type="FAIL"`));
    const failing = document.requirements.filter((result) => result.outcome === 'FAIL' || result.outcome === 'UNTESTABLE');
    expect(xml.match(/<failure /g)).toHaveLength(failing.length);
  });

  test('the HTML report, filtered to failures in Chromium, lists every failing requirement and opens its evidence', async (context) => {
    const unavailable = chromiumUnavailableReason();
    context.skip(unavailable !== undefined, unavailable);
    const report = await openReport(paths.html);
    try {
      expect(await report.page.textContent('#verdict h1')).toBe('NON-CONFORMANT');
      await report.page.click('[data-filter="failing"]');
      const shown = await report.page.$$eval('details.requirement:not([hidden])', (rows) => rows.map((row) => row.id.slice('req-'.length)));
      const failing = document.requirements
        .filter((result) => result.outcome === 'FAIL' || result.outcome === 'UNTESTABLE')
        .map((result) => result.id);
      expect(shown.sort()).toEqual(failing.sort());
      await report.page.click('#req-PP-LIST-SHAPE > summary');
      const evidence = report.page.locator('#req-PP-LIST-SHAPE .check-FAIL pre.exchange').first();
      await evidence.waitFor({ state: 'visible' });
      expect(await evidence.textContent()).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/positive-pay[\s\S]*HTTP 200[\s\S]*"pagination"/);
      // How to reproduce it: the request as a curl command, and the scenario's replay command.
      const curl = await report.page.locator('#req-PP-LIST-SHAPE .check-FAIL pre.curl').first().textContent();
      expect(curl).toMatch(
        /^curl -i -X GET 'http:\/\/127\.0\.0\.1:\d+\/positive-pay[^']*' .*-H "authorization: Bearer \$BANKING_API_TOKEN"$/,
      );
      const replay = await report.page.locator('#req-PP-LIST-SHAPE .check-FAIL pre.replay').first().textContent();
      expect(replay).toMatch(/^npx banking-api-conformance run --grep 'positive-pay\/(list|create)\/[^']+' --seed 1$/);
      expect(await evidence.textContent()).not.toMatch(/Bearer (?!\[redacted\])/);
      await screenshot(report.page, 'report-faulted-emulator.png');
      expect(report.foreignRequests).toEqual([]);
      expect(report.problems).toEqual([]);
    } finally {
      await report.close();
    }
  });

  test('no report file shows a token', () => {
    // The emulator mints tokens as emu_ + 32 base64url characters.
    const token = /emu_[A-Za-z0-9_-]{32}/;
    expect(readdirSync(scratch)).toEqual(expect.arrayContaining(['results.json', 'junit.xml', 'report.html']));
    for (const name of readdirSync(scratch)) expect(readFileSync(join(scratch, name), 'utf8'), name).not.toMatch(token);
  });
});
