import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { readResults } from '../../verdict/resultsFile.ts';
import { chromiumUnavailableReason, openReportOf, screenshot, type OpenReport } from './headlessChromium.ts';

// Reading a failing run's page in Chromium: it opens on the failures; the failing
// ids in the verdict banner lead to their rows (opened, shown again if a filter hid
// them); the table of what the target does where the documents are silent comes
// after the matrix, collapsed; an opened failure shows its whole response, with no
// scroll box inside the page; a curl or replay command is copied by its button,
// from the keyboard, under the page's content security policy.

const unavailable = chromiumUnavailableReason();
let report: OpenReport;

beforeAll(async () => {
  if (unavailable) return;
  const document: ResultsDocument = readResults(join(import.meta.dirname, '../../fixtures/reports/results-with-failures.json'));
  // A long response body, as a real list answer can be.
  const evidence = document.requirements.find((result) => result.id === 'PP-RULE-CREATE-STATUS')?.checks[0]?.evidence?.exchanges?.[0];
  if (!evidence?.response) throw new Error('fixture lacks the PP-RULE-CREATE-STATUS exchange');
  evidence.response.body = JSON.stringify({
    data: Array.from({ length: 60 }, (_, index) => ({ type: 'checkPaymentPositivePay', id: String(index) })),
  });
  report = await openReportOf(document);
});

afterAll(async () => {
  await report?.close();
});

beforeEach((context) => {
  context.skip(unavailable !== undefined, unavailable);
});

test('the page opens on the failures: only FAIL and UNTESTABLE rows are shown', async () => {
  await report.page.reload();
  expect(await report.page.getAttribute('[data-filter="failing"]', 'aria-pressed')).toBe('true');
  expect(await report.page.getAttribute('[data-filter="all"]', 'aria-pressed')).toBe('false');
  const shown = await report.page.$$eval('details.requirement:not([hidden])', (rows) =>
    rows.map((row) => row.getAttribute('data-outcome')),
  );
  expect(new Set(shown)).toEqual(new Set(['FAIL', 'UNTESTABLE']));
  const failing = await report.page.$$eval('details.requirement', (rows) =>
    rows.filter((row) => ['FAIL', 'UNTESTABLE'].includes(row.getAttribute('data-outcome') ?? '')).map((row) => row.id),
  );
  expect(shown).toHaveLength(failing.length);
  await screenshot(report.page, 'report-opens-on-failures.png');
});

test('a copy button copies its curl or replay command, from the keyboard', async () => {
  await report.page.reload();
  await report.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const row = '#req-PP-RULE-CREATE-STATUS';
  await report.page.click(`${row} > summary`);
  for (const kind of ['curl', 'replay']) {
    const command = await report.page.textContent(`${row} .check-FAIL pre.${kind}`);
    expect(command, kind).toMatch(kind === 'curl' ? /^curl -i -X POST / : /^npx banking-api-conformance run /);
    const button = report.page.locator(`${row} .check-FAIL pre.${kind} + button.copy`).first();
    await button.focus();
    await report.page.keyboard.press('Enter');
    await expect.poll(() => button.textContent()).toBe('Copied');
    expect(await report.page.evaluate('navigator.clipboard.readText()'), kind).toBe(command);
  }
  expect(
    await report.page.$$eval('pre.curl, pre.replay', (pres) => pres.every((pre) => pre.nextElementSibling?.matches('button.copy'))),
  ).toBe(true);
  await screenshot(report.page, 'report-copy-buttons.png');
  expect(report.problems).toEqual([]);
});

test('a failing id in the banner opens its row, even when a filter had hidden it', async () => {
  const links = await report.page.$$eval('#verdict a', (anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
  expect(links).toContain('#req-PP-RULE-CREATE-STATUS');
  await report.page.click('[data-filter="SKIP"]');
  expect(await report.page.isHidden('#req-PP-RULE-CREATE-STATUS')).toBe(true);
  await report.page.click('#verdict a[href="#req-PP-RULE-CREATE-STATUS"]');
  await report.page.locator('#req-PP-RULE-CREATE-STATUS[open]').waitFor();
  expect(await report.page.isVisible('#req-PP-RULE-CREATE-STATUS pre.exchange')).toBe(true);
});

test('an opened failure shows its whole response without a scroll box', async () => {
  // A string expression: the project compiles without the DOM library.
  const box = (await report.page.evaluate(`(() => {
    const pre = document.querySelector('#req-PP-RULE-CREATE-STATUS .check-FAIL pre.exchange');
    return { maxHeight: getComputedStyle(pre).maxHeight, client: pre.clientHeight, scroll: pre.scrollHeight };
  })()`)) as { maxHeight: string; client: number; scroll: number };
  expect(box.maxHeight).toBe('none');
  expect(box.client).toBeGreaterThan(420);
  expect(box.scroll).toBeLessThanOrEqual(box.client);
  await screenshot(report.page, 'report-failure-opened.png');
});

test('the silent-documents table comes after the matrix, collapsed', async () => {
  const order = await report.page.$$eval('main > *', (elements) => elements.map((element) => element.id).filter(Boolean));
  expect(order.indexOf('observations')).toBeGreaterThan(order.indexOf('matrix'));
  expect(await report.page.$eval('#observations', (element) => element.tagName === 'DETAILS' && !element.hasAttribute('open'))).toBe(true);
  expect(await report.page.isVisible('#observations table')).toBe(false);
  await report.page.click('#observations > summary');
  expect(await report.page.isVisible('#observations table')).toBe(true);
  expect(report.problems).toEqual([]);
});
