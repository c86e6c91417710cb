import { afterAll, describe, expect, test } from 'vitest';
import { FAULTS } from '../../emulator/faultCatalogue.ts';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { REQUIREMENT_PREFIXES, requirementPrefixOf } from '../../contract/facts/requirementPrefixes.ts';
import { scenariosJudging } from '../support/emulatorRuns.ts';
import { takingTurns } from '../support/takingTurns.ts';
import { escapes, formatMatrix, killFault, type KillRow, unjudged } from './faultKill.ts';

// A conformance suite is worth its power to fail a wrong implementation: every
// seeded fault must be detected by every requirement id it claims to break.

/**
 * How many rows go side by side, each against an emulator of its own. A row mostly waits (for
 * deliveries, events, the patience of a lookup for what never comes): one after another, the
 * matrix took 311 s of which its worker was busy 67 s. Four keep that worker's core busy, with
 * room for the other worker's file, as the tolerated variations' runs do.
 */
const ROWS_AT_ONCE = 4;
const turn = takingTurns(ROWS_AT_ONCE);

const catalogue = requirementCatalogue();
const rows: KillRow[] = [];

describe('kill matrix', () => {
  test('the fault catalogue has at least 40 faults and one per requirement group', () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(40);
    const groups = new Set(FAULTS.flatMap((fault) => fault.breaks.map(requirementPrefixOf)));
    // The prefixes a run judges: the receiver's (its faults are the receiver kill matrix's) are not in this catalogue.
    const judged = REQUIREMENT_PREFIXES.filter((prefix) =>
      catalogue.all().some((requirement) => requirementPrefixOf(requirement.id) === prefix),
    );
    expect([...groups].sort()).toEqual(judged.sort());
  });

  test('every fault names judged requirements that exist (not OBSERVE, not excluded)', () => {
    const wrong = FAULTS.flatMap((fault) =>
      fault.breaks
        .filter((id) => !catalogue.has(id) || catalogue.get(id).level === 'OBSERVE' || catalogue.get(id).excluded)
        .map((id) => `${fault.name}: ${id}`),
    );
    expect(wrong).toEqual([]);
  });

  test("every fault's selection has a scenario judging each requirement id it breaks", () => {
    expect(FAULTS.flatMap((fault) => unjudged(fault, scenariosJudging(fault.breaks)).map((id) => `${fault.name}: ${id}`))).toEqual([]);
  });

  // The matrix's own check: were the selection wrong, a fault would escape, and the row would fail.
  test('a fault its selection misses fails the matrix (a deliberately wrong selection)', async () => {
    const fault = FAULTS.find((candidate) => candidate.name === 'check-tolerance-101');
    if (!fault) throw new Error('check-tolerance-101 is no longer in the fault catalogue: pick another fault breaking two requirements');
    // The example scenarios catch the tolerance; the property run, left out, is the only judge of DC-PROPERTY-CHECK.
    const wrong = scenariosJudging(fault.breaks).filter((scenario) => !scenario.requirements.includes('DC-PROPERTY-CHECK'));
    expect(wrong.length).toBeGreaterThan(0);
    expect(unjudged(fault, wrong)).toEqual(['DC-PROPERTY-CHECK']);
    const row = await killFault(fault, wrong);
    expect(row.detected).toEqual(['DC-CHECK-TOLERANCE-OUTSIDE']);
    expect(escapes(row)).toEqual(['check-tolerance-101: DC-PROPERTY-CHECK (no result)']);
    expect(formatMatrix([row])).toMatch(/^MISSED {2}check-tolerance-101 .*\nKill rate: 0\/1 = 0\.0%$/m);
  });

  // A row may wait for its turn behind three others: its time-out counts the wait.
  test.concurrent.for(FAULTS.map((fault) => [fault.name, fault] as const))(
    '%s is detected by every requirement id it breaks',
    { timeout: 600_000 },
    async ([, fault], { expect }) => {
      const row = await turn(() => killFault(fault));
      rows.push(row);
      expect(escapes(row)).toEqual([]);
    },
  );

  afterAll(() => {
    rows.sort((a, b) => a.area.localeCompare(b.area) || a.fault.localeCompare(b.fault));
    console.log(formatMatrix(rows));
  });
});
