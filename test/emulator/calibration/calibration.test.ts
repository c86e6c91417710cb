import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { calibrate, calibrationLines, matchesRule } from '../../../emulator/calibration/calibration.ts';
import { CALIBRATION_SWITCHES, MeasuredRange } from '../../../emulator/calibration/calibrationSwitches.ts';
import { type ObservedRequirement, observedRunOf } from '../../../emulator/calibration/observedRun.ts';
import { requirementCatalogue } from '../../../contract/catalogue/requirementCatalogue.ts';
import { runEmulatorProcess } from '../emulatorProcess.ts';

// --calibrate: a run's observations turned into the variations that make the same
// choices, and an account of each observation not followed.

const observe = (id: string, ...observed: unknown[]): ObservedRequirement => ({
  id,
  level: 'OBSERVE',
  outcome: observed.length > 0 ? 'OBSERVED' : 'SKIP',
  observed,
});
const runOf = (...requirements: ObservedRequirement[]) => ({
  target: 'vendor sandbox',
  startedAt: '2026-11-27T06:00:00.000Z',
  requirements,
});
const reasonOf = (calibration: ReturnType<typeof calibrate>, id: string) =>
  calibration.unfollowed.find((entry) => entry.requirement === id)?.reason;

describe('the calibration data', () => {
  test('names OBSERVE requirements of the catalogue only', () => {
    const catalogue = requirementCatalogue();
    const named = [...new Set(CALIBRATION_SWITCHES.flatMap((switched) => switched.rules.map((rule) => rule.requirement)))];
    expect(named.filter((id) => !catalogue.has(id) || catalogue.get(id).level !== 'OBSERVE')).toEqual([]);
  });

  test('objects match on the members a rule names, anything else when equal', () => {
    expect(matchesRule({ status: 204, body: null }, { status: 204 })).toBe(true);
    expect(matchesRule({ status: 200 }, { status: 204 })).toBe(false);
    expect(matchesRule(['deliveryMode'], ['deliveryMode', 'includeResources'])).toBe(false);
    expect(matchesRule('Disabled', 'Disabled')).toBe(true);
    expect(matchesRule(61, new MeasuredRange(30, 120))).toBe(true);
    expect(matchesRule(1.01, new MeasuredRange(30, 120))).toBe(false);
  });
});

describe('calibrate', () => {
  test('adopts the variation an observation calls for, and the own behaviour where the target chose as the emulator does', () => {
    const calibration = calibrate(
      runOf(observe('WH-INITIAL-STATUS', 'Disabled'), observe('WH-CREATE-RESPONSE', { status: 201, dataIsWebhook: true })),
    );
    expect(calibration.variations).toEqual(['webhooks-start-disabled']);
    expect(calibration.adopted.map((entry) => [entry.requirement, entry.behaviour])).toEqual([
      ['WH-INITIAL-STATUS', 'webhooks-start-disabled'],
      ['WH-CREATE-RESPONSE', 'own behaviour'],
    ]);
  });

  test('one switch for several answers: all 204 adopts it, 204 beside 200 is a conflict that leaves it off', () => {
    const agreeing = calibrate(runOf(observe('PP-POLICY-RESPONSE', { status: 204 }), observe('EV-RESEND-RESPONSE', { status: 204 })));
    expect(agreeing.variations).toEqual(['not-shown-answers-204']);
    const conflicting = calibrate(runOf(observe('PP-POLICY-RESPONSE', { status: 204 }), observe('EV-RESEND-RESPONSE', { status: 200 })));
    expect(conflicting.variations).toEqual([]);
    expect(reasonOf(conflicting, 'PP-POLICY-RESPONSE')).toMatch(/^conflicting values: .*EV-RESEND-RESPONSE → the emulator's own behaviour/);
  });

  test('values of one requirement that call for two behaviours conflict', () => {
    const calibration = calibrate(runOf(observe('GN-TIMESTAMP-PRECISION', 'milliseconds', 'whole second')));
    expect(calibration.variations).toEqual([]);
    expect(reasonOf(calibration, 'GN-TIMESTAMP-PRECISION')).toMatch(/^conflicting values: "milliseconds" → .*"whole second" → variation/);
  });

  test('says why it cannot follow: a value no switch makes, no observation, no switch at all', () => {
    const calibration = calibrate(
      runOf(
        observe('WH-CREATE-RESPONSE', { status: 202 }),
        { ...observe('WH-INITIAL-STATUS'), reason: 'needs webhookDelivery' },
        observe('DC-EXPIRY-DAY', 'Declined'),
      ),
    );
    expect(calibration.variations).toEqual([]);
    expect(reasonOf(calibration, 'WH-CREATE-RESPONSE')).toMatch(/^no switch makes \{"status":202\}/);
    expect(reasonOf(calibration, 'WH-INITIAL-STATUS')).toBe('no observation: SKIP (needs webhookDelivery)');
    expect(reasonOf(calibration, 'WH-OPTIONAL-ATTRIBUTES-RETURNED')).toBe('no observation: the run did not judge it');
    expect(reasonOf(calibration, 'DC-EXPIRY-DAY')).toMatch(/^no switch/);
    const lines = calibrationLines(calibration, 'results.json');
    expect(lines[0]).toMatch(/^calibrated from results.json \(vendor sandbox, run of .*\): no variation$/);
    expect(lines).toContain('  not followed   DC-EXPIRY-DAY "Declined": no switch: the emulator keeps its own choice');
  });
});

describe('a file that is not a results document', () => {
  test.each([
    [[], 'not a results document'],
    [{ requirements: 'none' }, 'requirements must be an array'],
    [{ requirements: [{ id: 'X', level: 'OBSERVE', outcome: 'OBSERVED' }] }, 'requirements[0].checks must be an array'],
    [
      { requirements: [{ id: 'X', level: 'OBSERVE', outcome: 'OBSERVED', checks: [{}] }] },
      'requirements[0].checks[0].outcome must be a string',
    ],
    [{ command: 'receiver', requirements: [] }, 'a receiver run'],
  ])('%j is refused naming what is wrong', (document, message) => {
    expect(() => observedRunOf(document, 'results.json')).toThrow(message);
  });

  test('makes the emulator exit 2 with one line naming the field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bac-calibrate-'));
    writeFileSync(join(dir, 'results.json'), JSON.stringify({ requirements: [{ id: 7 }] }));
    const bad = await runEmulatorProcess(['--calibrate', dir]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--calibrate .*results\.json: requirements\[0\]\.checks must be an array/);
    const missing = await runEmulatorProcess(['--calibrate', join(dir, 'absent.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/absent\.json: cannot be read \(ENOENT\)/);
  });
});
