import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { compareResults } from '../../verdict/resultsComparison.ts';
import { readEarlierRun, readResults } from '../../verdict/resultsFile.ts';
import { chromiumUnavailableReason, openReportOf, screenshot, type OpenReport } from './headlessChromium.ts';

// The standalone report of a hand-made run with failures (fixtures/reports/),
// compared with an earlier night, read the way a person reads it: in Chromium,
// offline, filtering to the failures and opening one requirement's evidence.

const FIXTURES = join(import.meta.dirname, '../../fixtures/reports');
const unavailable = chromiumUnavailableReason();
let report: OpenReport;

const visibleOutcomes = () =>
  report.page.$$eval('details.requirement:not([hidden])', (rows) => rows.map((row) => row.getAttribute('data-outcome')));

beforeAll(async () => {
  if (unavailable) return;
  const document: ResultsDocument = readResults(join(FIXTURES, 'results-with-failures.json'));
  document.comparison = compareResults(readEarlierRun(join(FIXTURES, 'results-baseline.json')), document);
  report = await openReportOf(document);
});

afterAll(async () => {
  await report?.close();
});

beforeEach((context) => {
  context.skip(unavailable !== undefined, unavailable);
});

describe('standalone HTML report of a run with failures, in headless Chromium', () => {
  test('shows the verdict, the target, the suite version and the catalogue hash', async () => {
    expect(await report.page.textContent('#verdict h1')).toBe('NON-CONFORMANT');
    const facts = await report.page.textContent('#facts');
    expect(facts).toContain('Acme sandbox <b>staging</b>');
    expect(facts).toContain('0.1.0');
    expect(facts).toContain(`sha256:${'ab'.repeat(32)}`);
    expect(await report.page.$('#facts b')).toBeNull();
  });

  test('shows what regressed, what was fixed and which observed value changed since the baseline', async () => {
    expect(await report.page.textContent('#regressed')).toContain('PP-RULE-CREATE-STATUS');
    expect(await report.page.textContent('#fixed')).toContain('WH-LIST-PAGE-DEFAULT');
    expect(await report.page.textContent('#observations-changed')).toMatch(/PP-CANCEL-FROM-CANCELLED.*200.*409/s);
  });

  test('presents OBSERVE values as what the target does where the documents are silent', async () => {
    const observations = await report.page.textContent('#observations');
    expect(observations).toContain('where the documents are silent');
    expect(observations).toContain('409');
    expect(observations).toContain('createdAt descending');
  });

  test('filters to the failing requirements', async () => {
    // The page opens on the failures; All shows every requirement, Failing those again.
    expect((await visibleOutcomes()).sort()).toEqual(['FAIL', 'FAIL', 'UNTESTABLE']);
    await report.page.click('[data-filter="all"]');
    expect(await visibleOutcomes()).toHaveLength(10);
    await report.page.click('[data-filter="failing"]');
    expect((await visibleOutcomes()).sort()).toEqual(['FAIL', 'FAIL', 'UNTESTABLE']);
    expect(await report.page.textContent('#shown')).toBe('3 of 10 requirements shown');
  });

  test('search narrows the matrix to matching requirements', async () => {
    await report.page.fill('#search', 'signature raw');
    expect(await visibleOutcomes()).toEqual(['FAIL']);
    await report.page.fill('#search', '');
  });

  test("expands a failing requirement's evidence, showing the target's output as text, never as markup", async () => {
    await report.page.click('#req-PP-RULE-CREATE-STATUS > summary');
    const exchange = report.page.locator('#req-PP-RULE-CREATE-STATUS pre.exchange').first();
    await exchange.waitFor({ state: 'visible' });
    const text = await exchange.textContent();
    expect(text).toContain('POST http://127.0.0.1:40123/positive-pay');
    expect(text).toContain('HTTP 201');
    expect(text).toContain('<script>alert(\\"from the target\\")</script><img src=x onerror=alert(1)></pre>');
    expect(
      await report.page.$$('#req-PP-RULE-CREATE-STATUS pre.exchange img, #req-PP-RULE-CREATE-STATUS pre.exchange script'),
    ).toHaveLength(0);
    await report.page.click('#req-DL-SIGNATURE-HEADER > summary');
    const property = await report.page.textContent('#req-DL-SIGNATURE-HEADER .evidence');
    expect(property).toContain('918273');
    expect(property).toContain('Café ☃');
    const shot = await screenshot(report.page, 'report-fixture-failures.png');
    expect(readFileSync(shot).subarray(1, 4).toString()).toBe('PNG');
  });

  test('made no request beyond its own file, ran no injected script and broke no content policy', () => {
    expect(report.foreignRequests).toEqual([]);
    expect(report.problems).toEqual([]);
  });
});
