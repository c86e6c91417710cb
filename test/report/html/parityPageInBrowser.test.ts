import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { requirementCatalogue } from '../../../contract/catalogue/requirementCatalogue.ts';
import { parityPage } from '../../../report/html/parityPage.ts';
import { parityTable, type ParitySide } from '../../../report/parityTable.ts';
import { chromiumUnavailableReason, openReport, screenshot } from '../headlessChromium.ts';

// parity.html in a real browser: its content security policy admits its style (no
// console error), it asks for nothing beyond its file, and a difference reads as one.

const sideOf = (name: string, status: string): ParitySide => ({
  source: `${name}/results.json`,
  results: {
    startedAt: '2026-11-27T06:00:00.000Z',
    suiteVersion: 'test',
    target: { name },
    requirements: [
      { id: 'WH-INITIAL-STATUS', outcome: 'OBSERVED', checks: [{ outcome: 'OBSERVED', observed: status } as never] },
      { id: 'EV-LIST-ORDER', outcome: 'OBSERVED', checks: [{ outcome: 'OBSERVED', observed: 'newest first' } as never] },
    ],
  },
});

test.skipIf(chromiumUnavailableReason() !== undefined)('parity.html opens offline, styled, and shows a difference as one', async () => {
  const observe = requirementCatalogue()
    .all()
    .filter((requirement) => requirement.level === 'OBSERVE');
  const file = join(mkdtempSync(join(tmpdir(), 'bac-parity-page-')), 'parity.html');
  writeFileSync(file, parityPage(parityTable(sideOf('vendor sandbox', 'Disabled'), sideOf('emulator', 'Enabled'), observe)));
  const report = await openReport(file);
  try {
    const row = report.page.locator('#parity-WH-INITIAL-STATUS');
    await expect(row.locator('.badge').textContent()).resolves.toBe('different');
    await expect(report.page.locator('#parity-EV-LIST-ORDER .badge').textContent()).resolves.toBe('same');
    // Styled: the style was admitted by the policy.
    // A string: the browser runs it, and the project's types know no DOM.
    const background = await report.page.evaluate(`getComputedStyle(document.getElementById('verdict')).backgroundColor`);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    await screenshot(report.page, 'parity-page.png');
    expect(report.problems).toEqual([]);
    expect(report.foreignRequests).toEqual([]);
  } finally {
    await report.close();
  }
});
