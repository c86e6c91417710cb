import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { CALIBRATION_SWITCHES, OWN_BEHAVIOUR } from '../../emulator/calibration/calibrationSwitches.ts';
import type { ToleratedVariation } from '../../emulator/faults/toleratedVariations.ts';
import { requirementCatalogue } from '../../harness/documents/requirementCatalogue.ts';
import { parityTable } from '../../report/parityTable.ts';
import { readEarlierRun } from '../../run/resultsFile.ts';
import { runCli } from '../cli/cliProcess.ts';
import { type EmulatorProcess, startEmulatorProcess } from '../emulator/emulatorProcess.ts';

// The calibration loop of issue 35, end to end through the two commands: a run
// against an emulator making other choices where the documents leave them open,
// a fresh emulator calibrated from that run's results.json, a run against it, and
// the observations of both compared. Every OBSERVE requirement a switch follows
// reads the same, and both runs are CONFORMANT.

const CHOSEN: readonly ToleratedVariation[] = [
  'webhooks-start-disabled',
  'not-shown-answers-204',
  'timestamps-in-whole-seconds',
  'events-listed-oldest-first',
  'backoff-unit-minute',
];
const SWITCHED = new Set(CALIBRATION_SWITCHES.flatMap((switched) => switched.rules.map((rule) => rule.requirement)));
const VARIATIONS_FOLLOWED = new Set(
  CALIBRATION_SWITCHES.flatMap((switched) => switched.rules.map((rule) => rule.behaviour)).filter((name) => name !== OWN_BEHAVIOUR),
);

let calibrated: EmulatorProcess | undefined;
afterAll(() => calibrated?.stop());

const reportDir = () => mkdtempSync(join(tmpdir(), 'bac-calibration-'));
const verdictOf = (dir: string): string => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')).verdict;

test('every chosen variation is one calibration can follow', () => {
  expect(CHOSEN.filter((name) => !VARIATIONS_FOLLOWED.has(name))).toEqual([]);
});

test('an emulator calibrated from a run observes what that run observed, and both runs are CONFORMANT', async () => {
  const first = reportDir();
  const run1 = await runCli(['run', '--seed', '35', ...CHOSEN.flatMap((name) => ['--emulator-fault', name]), '--report-dir', first]);
  expect(run1.code, run1.stdout.slice(-3000) + run1.stderr).toBe(0);
  expect(verdictOf(first)).toBe('conformant');

  calibrated = await startEmulatorProcess(['--calibrate', join(first, 'results.json')]);
  for (const name of CHOSEN) expect(calibrated.output()).toMatch(new RegExp(`adopted .*→ variation ${name}\\n`));
  const adopted = /: variations (.*)\n/.exec(calibrated.output())?.[1]?.split(', ');
  expect(adopted?.sort()).toEqual([...CHOSEN].sort());

  const second = reportDir();
  const run2 = await runCli(['run', '--seed', '36', '--base-url', calibrated.url, '--report-dir', second]);
  expect(run2.code, run2.stdout.slice(-3000) + run2.stderr).toBe(0);
  expect(verdictOf(second)).toBe('conformant');

  const side = (dir: string) => ({ source: dir, results: readEarlierRun(dir) });
  const observe = requirementCatalogue()
    .all()
    .filter((requirement) => requirement.level === 'OBSERVE');
  const rows = parityTable(side(first), side(second), observe).rows.filter((row) => SWITCHED.has(row.id));
  expect(rows.length).toBe(SWITCHED.size);
  expect(
    rows.filter((row) => row.parity !== 'same').map((row) => `${row.id}: ${JSON.stringify(row.a)} / ${JSON.stringify(row.b)}`),
  ).toEqual([]);

  const compared = await runCli(['compare', '--observed', first, second]);
  expect(compared.stdout).toMatch(/\| `WH-INITIAL-STATUS` \| `"Disabled"` \| `"Disabled"` \| same \|/);
}, 600_000);
