import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { CALIBRATION_SWITCHES, OWN_BEHAVIOUR } from '../../emulator/calibration/calibrationSwitches.ts';
import type { ToleratedVariation } from '../../emulator/faults/toleratedVariations.ts';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { parityTable } from '../../report/parityTable.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { readEarlierRun } from '../../verdict/resultsFile.ts';
import { runCli } from '../cli/cliProcess.ts';
import { type EmulatorProcess, startEmulatorProcess } from '../emulator/emulatorProcess.ts';
import { runInProcess } from '../support/inProcessRun.ts';

// The calibration loop of issue 35, end to end: a run against an emulator making
// other choices where the documents leave them open, a fresh emulator calibrated
// from that run's results.json (`banking-api-emulator --calibrate`), a run against
// it, and the observations of both compared (`compare --observed`). Every OBSERVE
// requirement a switch follows reads the same, and both runs are CONFORMANT. The
// runs are `run`'s, in this process with the same options: the loop is the subject,
// not the run command's output.

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
const troubled = (document: ResultsDocument): string =>
  document.requirements
    .filter((requirement) => ['FAIL', 'UNTESTABLE', 'WARN'].includes(requirement.outcome))
    .map((requirement) => `${requirement.outcome} ${requirement.id}: ${requirement.checks.map((check) => check.message).join('; ')}`)
    .join('\n');

test('every chosen variation is one calibration can follow', () => {
  expect(CHOSEN.filter((name) => !VARIATIONS_FOLLOWED.has(name))).toEqual([]);
});

test('an emulator calibrated from a run observes what that run observed, and both runs are CONFORMANT', async () => {
  const first = reportDir();
  const run1 = await runInProcess({ seed: 35, emulatorFault: [...CHOSEN], reportDir: first });
  expect(run1.verdict, troubled(run1)).toBe('conformant');

  calibrated = await startEmulatorProcess(['--calibrate', join(first, 'results.json')]);
  for (const name of CHOSEN) expect(calibrated.output()).toMatch(new RegExp(`adopted .*→ variation ${name}\\n`));
  const adopted = /: variations (.*)\n/.exec(calibrated.output())?.[1]?.split(', ');
  expect(adopted?.sort()).toEqual([...CHOSEN].sort());

  const second = reportDir();
  const run2 = await runInProcess({ seed: 36, baseUrl: calibrated.url, reportDir: second });
  expect(run2.verdict, troubled(run2)).toBe('conformant');

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
