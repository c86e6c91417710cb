import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { htmlReport } from '../../report/html/htmlReport.ts';
import { replayOf } from '../../cli/commandLineText.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { missingToolReason } from '../support/systemTools.ts';

// The system's Chromium (Debian's /usr/bin/chromium, installed by .ci/run when
// missing), driven by playwright-core: never a browser download. Each launch gets
// a fresh profile and is told to stay off the network; the page under test is a
// local file, and every request it makes is recorded so a test can assert there
// were none beyond the file itself.

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Set by .ci/run once it installed Chromium: a missing browser then fails the tests (as CI=true does). */
export const REQUIRE_CHROMIUM_ENV = 'BANKING_CONFORMANCE_REQUIRE_CHROMIUM';

let unavailable: { reason: string | undefined } | undefined;

/** Why the browser tests cannot run here (with the install command), or undefined when they can. */
export function chromiumUnavailableReason(): string | undefined {
  unavailable ??= {
    reason: missingToolReason(
      'Chromium',
      existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM}`,
      'apt-get install -y chromium (or set CHROMIUM_PATH)',
      REQUIRE_CHROMIUM_ENV,
    ),
  };
  return unavailable.reason;
}
export const ARTIFACTS = join(import.meta.dirname, '../../reports/test-artifacts');

export const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface OpenReport {
  page: Page;
  /** URLs the page requested other than its own file. */
  foreignRequests: string[];
  /** Console errors (a CSP violation shows here) and dialogs the page opened (an injected alert would). */
  problems: string[];
  close(): Promise<void>;
}

export async function openReport(htmlFile: string): Promise<OpenReport> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  const profile = mkdtempSync(join(tmpdir(), 'bac-chromium-'));
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      viewport: { width: 1280, height: 900 },
      offline: true,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const url = pathToFileURL(htmlFile).href;
    const foreignRequests: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => {
      if (request.url() !== url) foreignRequests.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('dialog', (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.goto(url);
    const opened = context;
    return {
      page,
      foreignRequests,
      problems,
      async close() {
        await opened.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}

/** The standalone report.html of a results document, written to a scratch folder (removed on close) and opened. */
export async function openReportOf(document: ResultsDocument): Promise<OpenReport> {
  const scratch = mkdtempSync(join(tmpdir(), 'bac-report-'));
  try {
    const file = join(scratch, 'report.html');
    writeFileSync(file, htmlReport(document, replayOf(document)));
    const report = await openReport(file);
    return { ...report, close: () => report.close().finally(() => rmSync(scratch, { recursive: true, force: true })) };
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, name);
  await page.screenshot({ path, fullPage: true });
  return path;
}
