import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { CONTROL_PREFIX, CONTROL_ROUTES } from '../../../contract/facts/controlRoutes.ts';
import { ARGS, CHROMIUM, chromiumUnavailableReason, screenshot } from '../../report/headlessChromium.ts';
import { type AnsweringReceiver, startAnsweringReceiver } from '../../support/answeringReceiver.ts';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';
import { call, webhookBody } from '../emulatorClient.ts';
import { runEmulatorProcess } from '../emulatorProcess.ts';

// The page /_emulator/ui in Chromium, used by keyboard only: a webhook is enabled
// from it, a delivery made by `banking-api-emulator trigger` is followed to the
// receiver's answer, and the event is resent from it. The page asks nothing of any
// host but the emulator. Its screenshot is kept in reports/test-artifacts/; with
// UPDATE_DOCS_SCREENSHOT=1 it also replaces docs/images/emulator-ui.jpg (a JPEG: the package ships docs/).

const DOCS_SCREENSHOT = join(import.meta.dirname, '../../../docs/images/emulator-ui.jpg');
const unavailable = chromiumUnavailableReason();
const emulator = emulatorPerFile();
let receiver: AnsweringReceiver;
let webhookId: string;
let context: BrowserContext | undefined;
let page: Page;
let profile: string;
const foreignRequests: string[] = [];
const problems: string[] = [];

beforeAll(async () => {
  if (unavailable) return;
  receiver = await startAnsweringReceiver({ status: 200, body: '{"received":"thank you"}' });
  const created = await call(emulator.url, 'POST', '/webhooks', {
    token: emulator.token,
    body: webhookBody(receiver.url, { label: 'my laptop', token: 'signing-secret' }),
  });
  webhookId = created.body.data.id;
  await call(emulator.url, 'POST', `/webhooks/${webhookId}/disable`, { token: emulator.token });
  profile = mkdtempSync(join(tmpdir(), 'bac-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(emulator.url).origin) foreignRequests.push(request.url());
  });
  page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${emulator.url}${CONTROL_PREFIX}${CONTROL_ROUTES.ui.path}`);
});

afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await receiver?.close();
});

beforeEach((testContext) => {
  testContext.skip(unavailable !== undefined, unavailable);
});

/** Moves the keyboard focus with Tab until the element matching `selector` has it, then presses Enter. */
async function tabToAndPress(selector: string): Promise<void> {
  const target = page.locator(selector);
  await target.waitFor();
  for (let presses = 0; presses < 200; presses += 1) {
    if (await target.evaluate((element) => element.matches(':focus'))) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

test('the header buttons come first in the focus order, and a minted token is shown to copy', async () => {
  await page.locator('#webhooks tbody tr').first().waitFor();
  await page.locator('body').focus();
  const names: string[] = [];
  for (let n = 0; n < 3; n += 1) {
    await page.keyboard.press('Tab');
    names.push((await page.locator(':focus').getAttribute('id')) ?? '');
  }
  expect(names).toEqual(['refresh', 'auto-refresh', 'mint-token']);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.inputValue('#minted-token')).toMatch(/\S{16,}/);
});

test('a disabled webhook is enabled from the page', async () => {
  await page.locator('body').focus();
  await tabToAndPress(`button[aria-label="Enable webhook ${webhookId}"]`);
  await expect.poll(() => page.textContent('#status')).toBe(`Webhook ${webhookId} enabled.`);
  const row = page.locator('#webhooks tbody tr', { hasText: receiver.url });
  await expect.poll(() => row.locator('td').nth(5).textContent()).toBe('Enabled');
});

test('a delivery made by trigger is followed to the receiver answer, and its event is resent', async () => {
  const triggered = await runEmulatorProcess(['trigger', 'customer.created', '--url', emulator.url]);
  expect(triggered.code).toBe(0);
  const eventId = /event (\d+) customer\.created/.exec(triggered.stdout)?.[1];
  expect(eventId, triggered.stdout).toBeDefined();

  await page.locator('body').focus();
  await tabToAndPress('#refresh');
  const delivery = page.locator('#deliveries details', { hasText: `(event ${eventId}) → webhook ${webhookId}` });
  await delivery.first().waitFor();
  await delivery.first().locator('summary').focus();
  await page.keyboard.press('Enter');
  const detail = delivery.first().locator('.delivery-detail');
  await detail.waitFor();
  expect(await detail.textContent()).toContain('{"received":"thank you"}');
  expect(await detail.locator('dd').allTextContents()).toContain('200');
  expect(await delivery.first().locator('summary').textContent()).toMatch(/delivered: answered 200 in \d+ ms/);
  expect(await detail.textContent()).not.toContain('signing-secret');

  await page.locator('#event-type').focus();
  await page.keyboard.type('customer.created');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.locator('#events tbody tr').allTextContents())
    .toEqual(expect.arrayContaining([expect.stringContaining(eventId!)]));
  expect(await page.locator('#events tbody td:nth-child(2)').allTextContents()).toEqual(expect.arrayContaining(['customer.created']));
  const before = receiver.received.length;
  await page.locator('#event-type').focus();
  await tabToAndPress(`button[aria-label="Resend event ${eventId}"]`);
  await expect.poll(() => receiver.received.length).toBe(before + 1);
  await expect
    .poll(async () => {
      await page.locator('#refresh').press('Enter');
      return delivery.locator('summary .delivered').count();
    })
    .toBe(2);
  await delivery.first().locator('summary').focus();
  await page.keyboard.press('Enter');
  await delivery.first().locator('.delivery-detail').waitFor();

  // Tokens never appear in output: the picture shows where the token goes, not one.
  await page.locator('#minted-token').evaluate((input) => ((input as unknown as { value: string }).value = '(not shown here)'));
  await screenshot(page, 'emulator-ui.png');
  if (process.env.UPDATE_DOCS_SCREENSHOT === '1') {
    mkdirSync(join(DOCS_SCREENSHOT, '..'), { recursive: true });
    await page.screenshot({ path: DOCS_SCREENSHOT, fullPage: true, type: 'jpeg', quality: 70 });
  }
  expect(foreignRequests).toEqual([]);
  expect(problems).toEqual([]);
});
