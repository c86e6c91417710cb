import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { lastFailedIn } from '../../cli/lastFailed.ts';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { SetupError } from '../../harness/records/setupError.ts';
import { type InProcessRun, runInProcess } from './inProcessRun.ts';

// `run --last-failed` runs again what FAILed or was UNTESTABLE in the report directory's
// results.json, says which and from when, and is partial like any narrowed run. As with
// pytest's --lf, a last run with nothing failed leaves the run whole.

const catalogue = requirementCatalogue();
const FAULT = 'created-at-without-millis';
const BROKEN = 'GN-TIMESTAMP-FORMAT';
const reportDir = mkdtempSync(join(tmpdir(), 'bac-last-failed-'));
let faulted: InProcessRun;
let again: InProcessRun;
let afterFix: InProcessRun;

beforeAll(async () => {
  // The auth scenarios meet rule timestamps on the way: the fault fails that requirement only.
  faulted = await runInProcess({ only: 'auth', emulatorFault: [FAULT], reportDir });
  again = await runInProcess({ lastFailed: true, reportDir });
  afterFix = await runInProcess({ lastFailed: true, only: 'auth', reportDir });
}, 180_000);

describe('--last-failed', () => {
  test('runs again only what failed, says which and from when, and counts only that', () => {
    expect(faulted.code).toBe(1);
    const failed = faulted.document.requirements.filter((result) => result.outcome === 'FAIL' || result.outcome === 'UNTESTABLE');
    expect(failed.map((result) => result.id)).toEqual([BROKEN]);
    expect(again.lines[0]).toBe(
      `--last-failed: running again the 1 requirement that FAILed or were UNTESTABLE in the run of ${faulted.document.startedAt} (${join(reportDir, 'results.json')}): ${BROKEN}`,
    );
    // Without the fault, the requirement passes: the run is conformant, and partial.
    expect(again.code, again.lines.join('\n')).toBe(0);
    const document = again.document;
    expect(document.selectedRequirements).toEqual([BROKEN]);
    expect(document.requirements.map((result) => result.id)).toEqual([BROKEN]);
    expect(document.partial).toEqual({ requirements: 1, of: catalogue.all().length, narrowedBy: ['--last-failed'] });
    expect(again.junitCases).toEqual([BROKEN]);
    expect(again.lines.join('\n')).toContain(`Verdict: CONFORMANT (partial: 1 of ${catalogue.all().length} requirements)`);
    expect(document.itemIds.length).toBeLessThan(faulted.document.itemIds.length);
  });

  test('nothing failed last time: says so, and runs the rest of the selection whole', () => {
    expect(afterFix.lines[0]).toMatch(
      /^--last-failed: nothing FAILed or was UNTESTABLE in the run of \S+ .*; running the whole selection$/,
    );
    expect(afterFix.code).toBe(0);
    expect(afterFix.document.partial?.narrowedBy).toEqual(['--only auth']);
    expect(afterFix.document.itemIds).toEqual(faulted.document.itemIds);
  });

  test('UNTESTABLE counts as failed, and a report directory without results.json is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bac-last-failed-made-'));
    expect(() => lastFailedIn(dir, catalogue)).toThrow(SetupError);
    expect(() => lastFailedIn(dir, catalogue)).toThrow(`--last-failed: no results.json in ${dir}`);
    const check = (requirementId: string, outcome: string) => ({ requirementId, itemId: `s/${requirementId}`, outcome, message: '' });
    const requirements = [
      { id: 'AU-TOKEN-REQUIRED', outcome: 'FAIL', checks: [check('AU-TOKEN-REQUIRED', 'FAIL')] },
      { id: 'WH-LIST-SHAPE', outcome: 'UNTESTABLE', checks: [check('WH-LIST-SHAPE', 'UNTESTABLE')] },
      { id: 'PP-LIST-SHAPE', outcome: 'PASS', checks: [check('PP-LIST-SHAPE', 'PASS')] },
    ];
    writeFileSync(join(dir, 'results.json'), JSON.stringify({ startedAt: '2026-11-28T08:00:00.000Z', requirements }));
    const choice = lastFailedIn(dir, catalogue);
    expect(choice.selection).toEqual({
      requirements: ['AU-TOKEN-REQUIRED', 'WH-LIST-SHAPE'],
      scenarios: ['s/AU-TOKEN-REQUIRED', 's/WH-LIST-SHAPE'],
    });
    expect(choice.line).toContain('in the run of 2026-11-28T08:00:00.000Z');
  });
});
